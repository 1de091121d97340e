import { h } from './dom';
import type { Ctx } from './game-context';

export type FairView = { serverSeedHash: string; clientSeed: string; nonce: number };
export type FairPanel = { update: (view: FairView) => void };

/** Seeds of a seeded family: the hash before play, the editable client seed, the nonce, and rotation. */
export const fairPanel = (
  ctx: Ctx,
  family: string,
  onRotated: () => void,
): { element: HTMLElement; panel: FairPanel } => {
  const hash = h('code', { testid: 'server-seed-hash', className: 'hash' });
  const nonce = h('span', { testid: 'nonce' });
  const input = h('input', {
    testid: 'client-seed',
    attrs: { maxlength: '64', autocomplete: 'off', spellcheck: 'false', 'aria-label': ctx.t('clientSeed') },
  });
  const revealed = h('p', { testid: 'revealed-seed', className: 'hash muted' });
  const update = (view: FairView) => {
    hash.textContent = view.serverSeedHash;
    nonce.textContent = String(view.nonce);
    if (document.activeElement !== input) input.value = view.clientSeed;
  };
  const rotated = (answer: { revealed: { serverSeed: string; rounds: number }; current: FairView }) => {
    update(answer.current);
    input.value = answer.current.clientSeed;
    revealed.textContent = ctx.t('revealedSeed', { seed: answer.revealed.serverSeed, rounds: answer.revealed.rounds });
    onRotated();
  };
  const save = h('button', {
    testid: 'client-seed-save',
    text: ctx.t('save'),
    on: {
      click: () => {
        ctx.api
          .put<Parameters<typeof rotated>[0]>('fair/client-seed', { family, clientSeed: input.value.trim() })
          .then(rotated, ctx.showError);
      },
    },
  });
  const rotate = h('button', {
    testid: 'rotate-seed',
    text: ctx.t('rotate'),
    on: {
      click: () => {
        ctx.api.post<Parameters<typeof rotated>[0]>('fair/rotate', { family }).then(rotated, ctx.showError);
      },
    },
  });
  const element = h(
    'section',
    { className: 'panel fair', testid: 'fair-panel' },
    h('h2', { text: ctx.t('fair') }),
    h('div', { className: 'kv' }, h('span', { text: ctx.t('serverSeedHash') }), hash),
    h(
      'div',
      { className: 'kv' },
      h('label', { text: ctx.t('clientSeed') }),
      h('div', { className: 'row' }, input, save),
    ),
    h('div', { className: 'kv' }, h('span', { text: ctx.t('nonce') }), nonce),
    h('div', { className: 'row' }, rotate),
    revealed,
    h('p', { className: 'muted small', text: ctx.t('fairHelp') }),
  );
  return { element, panel: { update } };
};
