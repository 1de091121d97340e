import { asLang, hasKey, localeOf, translate, type Lang, type MessageKey } from './i18n';
import { asTheme } from './theme';

/** The theme the page shows (bootGame set it on <html>). */
const themeOfPage = () => asTheme(document.documentElement.dataset.theme);

/**
 * What every game page shares: the launch (swap the launch token once for a page session, then drop the query from
 * the address bar), the API with the page session, the header (balance, play-money badge), the message bar, the
 * provably fair panel and the last rounds with their verify links. Plain DOM, no framework.
 */
export type Session = {
  session: string;
  player: string;
  currency: string;
  mode: 'real' | 'play';
  lang: Lang;
  game: string;
  family: string;
  balance: string;
};

export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly value?: Record<string, unknown>,
  ) {
    super(message);
  }
}

type Child = Node | string | null | undefined | false;
type Props = {
  className?: string;
  testid?: string;
  text?: string;
  attrs?: Record<string, string>;
  on?: Partial<Record<keyof HTMLElementEventMap, (event: Event) => void>>;
};

export const h = <K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Props = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] => {
  const element = document.createElement(tag);
  if (props.className) element.className = props.className;
  if (props.testid) element.dataset.testid = props.testid;
  if (props.text !== undefined) element.textContent = props.text;
  for (const [name, value] of Object.entries(props.attrs ?? {})) element.setAttribute(name, value);
  for (const [name, handler] of Object.entries(props.on ?? {}))
    element.addEventListener(name, handler as EventListener);
  for (const child of children) if (child !== null && child !== undefined && child !== false) element.append(child);
  return element;
};

/** "1234567.50" → "1,234,567.50": grouping on the string, money never goes through a float. */
export const groupDecimal = (amount: string): string => {
  const [whole = '0', fraction] = amount.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
};

/** Decimal string with at most 2 decimals → minor units; null when it is not one. */
export const toMinor = (text: string): bigint | null => {
  const match = /^\s*(\d{1,13})(?:\.(\d{1,2}))?\s*$/.exec(text);
  if (match === null) return null;
  return BigInt(match[1]!) * 100n + BigInt((match[2] ?? '').padEnd(2, '0'));
};
export const fromMinor = (minor: bigint): string => {
  const negative = minor < 0n;
  const digits = (negative ? -minor : minor).toString().padStart(3, '0');
  return `${negative ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
};
export const formatE4 = (e4: number): string => `${(e4 / 10_000).toFixed(2)}x`;
export const formatE2 = (e2: number): string => `${(e2 / 100).toFixed(2)}x`;

export type Api = {
  get<T>(path: string): Promise<T>;
  post<T>(path: string, body?: unknown): Promise<T>;
  put<T>(path: string, body?: unknown): Promise<T>;
};

const apiBase = (): URL => new URL('../', window.location.href);

const call = async <T>(method: string, path: string, token: string | undefined, body?: unknown): Promise<T> => {
  let response: Response;
  try {
    response = await fetch(new URL(`v1/${path}`, apiBase()), {
      method,
      headers: {
        ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError('NETWORK', 'network');
  }
  let envelope: { success?: boolean; value?: T; code?: string; message?: string };
  try {
    envelope = (await response.json()) as typeof envelope;
  } catch {
    throw new ApiError('NETWORK', `HTTP ${response.status}`);
  }
  if (!response.ok || envelope.success !== true) {
    throw new ApiError(
      envelope.code ?? 'OTHER',
      envelope.message ?? `HTTP ${response.status}`,
      envelope.value as never,
    );
  }
  return envelope.value as T;
};

export type Ctx = {
  lang: Lang;
  t: (key: MessageKey, vars?: Record<string, string | number>) => string;
  session: Session;
  api: Api;
  main: HTMLElement;
  money: (amount: string) => string;
  setBalance: (balance: string | null) => Promise<void>;
  show: (text: string, kind?: 'info' | 'win' | 'error') => void;
  showError: (error: unknown) => void;
  refreshRounds: () => Promise<void>;
};

/**
 * The player's message for a failure: the translation of its code; a code without one gets a translated general
 * message, never a prefix glued to the server's (English) text, and an exception's own text never reaches the page.
 */
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

const renderRounds = (ctx: Pick<Ctx, 't' | 'money' | 'lang'>, list: HTMLElement, rounds: RoundSummary[]): void => {
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

type FairView = { serverSeedHash: string; clientSeed: string; nonce: number };
export type FairPanel = { update: (view: FairView) => void };

/** Seeds of a seeded family: the hash before play, the editable client seed, the nonce, and rotation. */
const fairPanel = (ctx: Ctx, family: string, onRotated: () => void): { element: HTMLElement; panel: FairPanel } => {
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

/** A labelled form field. */
export const field = (label: string, control: HTMLElement): HTMLElement =>
  h('label', { className: 'field' }, h('span', { text: label }), control);

export const betInput = (initial = '1.00'): HTMLInputElement =>
  h('input', { testid: 'bet', attrs: { inputmode: 'decimal', value: initial, autocomplete: 'off' } });
