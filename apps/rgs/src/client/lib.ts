import { ApiError, call, type Api, type Session } from './api-client';
import { h } from './dom';
import { fairPanel, type FairPanel, type FairView } from './fair-panel';
import { groupDecimal } from './format';
import type { Ctx } from './game-context';
import { asLang, hasKey, localeOf, translate, type Lang, type MessageKey } from './i18n';
import { renderRounds, type RoundSummary } from './rounds-panel';
import { asTheme } from './theme';

/**
 * What every game page shares: the launch (swap the launch token once for a page session, then drop the query from
 * the address bar), the API with the page session, the header (balance, play-money badge), the message bar, the
 * provably fair panel and the last rounds with their verify links. Plain DOM, no framework.
 */

/**
 * The player's message for a failure: the translation of its code; a code without one gets a translated general
 * message, never a prefix glued to the server's (English) text, and an exception's own text never reaches the page.
 */
export const errorText = (lang: Lang, error: unknown): string => {
  if (!(error instanceof ApiError)) return translate(lang, 'error.OTHER');
  const key = `error.${error.code}`;
  if (hasKey(key)) {
    const balance = typeof error.value?.balance === 'string' ? groupDecimal(error.value.balance) : '';
    return translate(lang, key, { balance });
  }
  return translate(lang, 'error.OTHER');
};

/** Swaps the launch token (once) or restores the page session of this tab. */
const launch = async (game: string): Promise<Session> => {
  const query = new URLSearchParams(window.location.search);
  const storageKey = `rgs:session:${game}`;
  const token = query.get('token');
  if (token !== null) {
    // The launch token never stays in the address bar (history, screenshots, a copied link).
    window.history.replaceState(null, '', window.location.pathname);
    // The signed parameters go back exactly as the platform wrote them: the server checks the signature over them.
    const param = (name: string) => query.get(name) ?? '';
    const theme = query.get('theme');
    const session = await call<Session>('POST', 'sessions', undefined, {
      ...{ token, op: param('op'), player: param('player'), currency: param('currency'), game },
      ...{ mode: param('mode'), lang: param('lang'), wallet: param('wallet'), exp: param('exp'), sig: param('sig') },
      ...(theme === null ? {} : { theme }),
    });
    sessionStorage.setItem(storageKey, JSON.stringify(session));
    return session;
  }
  const stored = sessionStorage.getItem(storageKey);
  if (stored === null) throw new ApiError('AUTH_REQUIRED', 'no session');
  const session = JSON.parse(stored) as Session;
  const fresh = await call<{ balance: string }>('GET', 'session', session.session);
  return { ...session, balance: fresh.balance };
};

/** Builds the page shell and the common panels; resolves once the launch is done. */
export const bootGame = async (options: {
  /** The seeded family of the page, or 'crash' (its fairness panel is the game's own). */
  family: string;
}): Promise<{ ctx: Ctx; fair: FairPanel | null; side: HTMLElement }> => {
  const root = document.getElementById('app')!;
  const game = document.body.dataset.game ?? '';
  const query = new URLSearchParams(window.location.search);
  const lang = asLang(query.get('lang') ?? sessionStorage.getItem('rgs:lang'));
  sessionStorage.setItem('rgs:lang', lang);
  // The page was served in the launch's theme already; a reload (no query) keeps this tab's.
  const theme = asTheme(query.get('theme') ?? sessionStorage.getItem('rgs:theme'));
  sessionStorage.setItem('rgs:theme', theme);
  document.documentElement.dataset.theme = theme;
  const t = (key: MessageKey, vars?: Record<string, string | number>) => translate(lang, key, vars);
  root.replaceChildren(h('p', { className: 'boot', text: t('connecting') }));
  let session: Session;
  try {
    session = await launch(game);
  } catch (error) {
    root.replaceChildren(
      h('p', { className: 'message error', testid: 'message', attrs: { role: 'alert' }, text: errorText(lang, error) }),
    );
    throw error;
  }
  const money = (amount: string) => `${groupDecimal(amount)} ${session.currency}`;
  const balance = h('strong', { testid: 'balance', text: money(session.balance) });
  const message = h('p', { className: 'message', testid: 'message', attrs: { role: 'status', 'aria-live': 'polite' } });
  const main = h('main', { className: 'game' });
  const roundsList = h('div', { testid: 'rounds' });
  const side = h('div', { className: 'side' });
  const api: Api = {
    get: (path) => call('GET', path, session.session),
    post: (path, body) => call('POST', path, session.session, body ?? {}),
    put: (path, body) => call('PUT', path, session.session, body ?? {}),
  };
  const ctx: Ctx = {
    lang,
    t,
    session,
    api,
    main,
    money,
    setBalance: async (value) => {
      const next = value ?? (await api.get<{ balance: string }>('session').catch(() => null))?.balance ?? null;
      if (next !== null) {
        session.balance = next;
        balance.textContent = money(next);
      }
    },
    show: (text, kind = 'info') => {
      message.textContent = text;
      message.className = `message ${kind}`;
      message.setAttribute('role', kind === 'error' ? 'alert' : 'status');
    },
    showError: (error) => {
      ctx.show(errorText(lang, error), 'error');
      if (error instanceof ApiError && typeof error.value?.balance === 'string')
        void ctx.setBalance(error.value.balance);
    },
    refreshRounds: async () => {
      try {
        const { rounds } = await api.get<{ rounds: RoundSummary[] }>(`rounds?family=${options.family}&limit=10`);
        renderRounds(ctx, roundsList, rounds);
      } catch (error) {
        ctx.showError(error);
      }
    },
  };
  document.documentElement.lang = localeOf(lang);
  document.title = t(`game.${game}` as MessageKey);
  const header = h(
    'header',
    { className: 'top' },
    h('h1', { text: t(`game.${game}` as MessageKey) }),
    session.mode === 'play' ? h('span', { className: 'badge', testid: 'play-money', text: t('playMoney') }) : null,
    h('span', { className: 'balance' }, `${t('balance')}: `, balance),
  );
  let fair: FairPanel | null = null;
  if (options.family !== 'crash') {
    const built = fairPanel(ctx, options.family, () => void ctx.refreshRounds());
    fair = built.panel;
    side.append(built.element);
    api.get<FairView>(`fair?family=${options.family}`).then(built.panel.update, ctx.showError);
  }
  side.append(h('section', { className: 'panel' }, h('h2', { text: t('history') }), roundsList));
  root.replaceChildren(header, message, h('div', { className: 'layout' }, main, side));
  void ctx.refreshRounds();
  return { ctx, fair, side };
};

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
