import type { Api, Session } from './api-client';
import type { Lang, MessageKey } from './i18n';

/** What a game page gets from bootGame (lib.ts): its language and texts, session, API, main area and message bar. */
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
