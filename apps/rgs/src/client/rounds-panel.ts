import { apiBase } from './api-client';
import { h } from './dom';
import { formatE2, formatE4 } from './format';
import type { Ctx } from './game-context';
import { localeOf } from './i18n';
import { asTheme } from './theme';

/** The last rounds of the page's family, each with its verify and replay links. */

/** The theme the page shows (bootGame set it on <html>). */
const themeOfPage = () => asTheme(document.documentElement.dataset.theme);

/**
 * The verifier is the platform's page. Framed by that platform (its origin is the frame's referrer, the game page
 * being loaded with referrerPolicy "origin"), the link asks the platform to open it (`rgs.open`), so the new tab
 * starts with the player's session (the platform's ADR 0022); anywhere else it opens as a plain link.
 */
const openVerifier = (event: Event, href: string) => {
  if (window.parent === window || href === '') return;
  const target = new URL(href, window.location.href);
  let framer: string | null = null;
  try {
    framer = document.referrer === '' ? null : new URL(document.referrer).origin;
  } catch {
    framer = null;
  }
  if (framer !== target.origin) return;
  event.preventDefault();
  window.parent.postMessage({ type: 'rgs.open', url: target.href }, target.origin);
};

export type RoundSummary = {
  roundId: string;
  family: string;
  createdAt: string;
  bet: string;
  win: string;
  state: string;
  settlement: 'done' | 'pending';
  outcome: unknown;
  crash: { crashE2: number | null } | null;
  verifyUrl: string | null;
  replayUrl: string;
};

const roundSummary = (t: Ctx['t'], round: RoundSummary): string => {
  const outcome = (round.outcome ?? {}) as Record<string, unknown>;
  switch (round.family) {
    case 'dice':
      return `${t('rolled', { roll: (Number(outcome.roll) / 100).toFixed(2) })}`;
    case 'mines':
      return outcome.hitMine === true ? '✖' : `${String(outcome.safePicks ?? 0)} ◆`;
    case 'plinko':
      return formatE4(Number(outcome.multiplierE4 ?? 0));
    case 'crash':
      return round.crash?.crashE2 === null || round.crash === null ? '—' : formatE2(round.crash.crashE2);
    default: {
      const spins = (outcome.spins as unknown[] | undefined)?.length ?? 1;
      return spins > 1 ? t('freeSpinsWon', { count: spins - 1 }) : '';
    }
  }
};

export const renderRounds = (
  ctx: Pick<Ctx, 't' | 'money' | 'lang'>,
  list: HTMLElement,
  rounds: RoundSummary[],
): void => {
  list.replaceChildren();
  if (rounds.length === 0) {
    list.append(h('p', { className: 'muted', testid: 'rounds-empty', text: ctx.t('noRounds') }));
    return;
  }
  const table = h(
    'table',
    { className: 'rounds' },
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        h('th', { text: ctx.t('time') }),
        h('th', { text: ctx.t('bet') }),
        h('th', { text: ctx.t('win') }),
        h('th', { text: ctx.t('result') }),
        h('th', {}),
      ),
    ),
  );
  const body = h('tbody');
  for (const round of rounds) {
    const time = new Date(round.createdAt).toLocaleTimeString(localeOf(ctx.lang));
    const links = h('td', { className: 'links' });
    if (round.verifyUrl !== null) {
      links.append(
        h('a', {
          text: ctx.t('verify'),
          testid: 'verify-link',
          attrs: { href: round.verifyUrl, target: '_blank', rel: 'noopener' },
          on: { click: (event: Event) => openVerifier(event, round.verifyUrl ?? '') },
        }),
      );
    }
    links.append(
      h('a', {
        text: ctx.t('replay'),
        testid: 'replay-link',
        attrs: {
          href: new URL(`replay/${round.roundId}?lang=${ctx.lang}&theme=${themeOfPage()}`, apiBase()).href,
          target: '_blank',
          rel: 'noopener',
        },
      }),
    );
    const win = round.settlement === 'pending' ? `${round.win} (${ctx.t('pending')})` : round.win;
    body.append(
      h(
        'tr',
        { testid: 'round-row', attrs: { 'data-round-id': round.roundId } },
        h('td', { text: time }),
        h('td', { text: round.bet }),
        h('td', { className: round.win !== '0.00' ? 'pos' : '', text: win }),
        h('td', { text: round.state === 'CANCELLED' ? round.state : roundSummary(ctx.t, round) }),
        links,
      ),
    );
  }
  table.append(body);
  list.append(table);
};
