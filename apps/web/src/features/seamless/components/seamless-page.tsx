import { useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ErrorCode, ROUTES } from '@platform/contracts';
import { EmptyState } from '@/components/empty-state';
import { ApiError, invalidResponse } from '@/lib/api-client';
import { openTrialNotice } from '@/lib/app-dialogs';
import { openAuthDialog } from '@/lib/auth-dialog';
import { useConfig } from '@/lib/config';
import { useDocumentTitle } from '@/lib/document-title';
import { errorText } from '@/lib/error-text';
import { readSeamlessState, SEAMLESS_DEMO_PARAM, SEAMLESS_GAME_PARAM } from '@/lib/seamless';
import { useSession } from '@/lib/session';
import { openAppTab } from '@/lib/tab-handoff';
import { balanceQueryKey } from '@/lib/wallet';
import './seamless.css';

export type LaunchGame = (nodeId: string, options?: { demo?: boolean }) => Promise<{ url: string }>;

/** Pages of this site a game may ask the platform to open in a new tab with the player's session (ADR 0022). */
const APP_TAB_PATHS: readonly string[] = [ROUTES.verify];

/**
 * A game asks the platform to open one of APP_TAB_PATHS (`rgs.open`: the round verifier): the new tab gets this tab's
 * session. Messages from anything but the game's own frame, or naming another page or site, are ignored.
 */
function useAppTabRequests(frame: RefObject<HTMLIFrameElement | null>) {
  useEffect(() => {
    const onMessage = (event: MessageEvent<unknown>) => {
      if (frame.current === null || event.source !== frame.current.contentWindow) return;
      const data = event.data as { type?: unknown; url?: unknown } | null;
      if (data?.type !== 'rgs.open' || typeof data.url !== 'string') return;
      let target: URL;
      try {
        target = new URL(data.url, window.location.href);
      } catch {
        return;
      }
      if (target.origin !== window.location.origin || !APP_TAB_PATHS.includes(target.pathname)) return;
      openAppTab(target.href);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [frame]);
}

/**
 * What the frame may do: run the game (scripts, its own origin for its storage and API calls, forms), and open popups
 * (the round verifier, the vendor's help) that are not sandboxed themselves. No top navigation: a game cannot take
 * the platform's page away. A same-origin game (the in-house RGS in embedded mode) could lift its own sandbox, as any
 * same-origin frame with scripts can; it is our own code there, and a third-party vendor is always another origin.
 */
export const SEAMLESS_SANDBOX =
  'allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox';
export const SEAMLESS_ALLOW = 'autoplay; fullscreen; clipboard-write';

/** Only paths of this site are followed back: a history entry written by anything else is ignored. */
const isLocalPath = (path: string | undefined): path is string =>
  path !== undefined && path.startsWith('/') && !path.startsWith('//');

function ArrowBackIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path d="M15 5 8 12l7 7" fill="none" stroke="currentColor" strokeWidth="2.5" />
    </svg>
  );
}

type Launching = { tag: string; failure: unknown };

/**
 * Asks the platform for a fresh launch URL when the page has none (a reload, history navigation, an opened link):
 * the address holds only the node id, and a launch URL is good for one load. A vendor without a demo refuses a trial
 * member with DEMO_NOT_SUPPORTED: the true-account notice says why.
 */
function useRelaunch(
  nodeId: string | null,
  demo: boolean,
  enabled: boolean,
  launch: LaunchGame,
  onUrl: (url: string) => void,
) {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<Launching | null>(null);
  const started = useRef<string | null>(null);
  const tag = `${nodeId ?? ''}:${attempt}`;
  useEffect(() => {
    // The ref, not a cleanup flag: React may run this effect twice on mount, and one launch is enough.
    if (!enabled || nodeId === null || started.current === tag) return;
    started.current = tag;
    setState({ tag, failure: null });
    launch(nodeId, { demo }).then(
      ({ url }) => {
        if (started.current !== tag) return;
        if (typeof url !== 'string' || url === '') {
          setState({ tag, failure: invalidResponse() });
          return;
        }
        onUrl(url);
      },
      (failure: unknown) => {
        if (started.current !== tag) return;
        if (failure instanceof ApiError && failure.code === ErrorCode.DEMO_NOT_SUPPORTED) openTrialNotice();
        setState({ tag, failure });
      },
    );
  }, [enabled, nodeId, demo, tag, launch, onUrl]);
  const failure = state?.tag === tag ? state.failure : null;
  return { failure, retry: () => setAttempt((value) => value + 1) };
}

/**
 * `/seamless` (spec §2 "Seamless game page, no footer"): the launched game fills the screen under a slim bar with
 * its name and a way back. Router state brings the launch URL once; the page then drops it from the history entry, so
 * a reload launches again from `?game=<nodeId>` instead of reusing a spent token. Leaving refreshes the header
 * balance (the round settled inside the frame).
 */
export function SeamlessPage({ title, launch }: { title: string; launch: LaunchGame }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const titleId = useId();
  const queryClient = useQueryClient();
  const { isLogin } = useSession();
  const routed = readSeamlessState(location.state);
  const nodeId = params.get(SEAMLESS_GAME_PARAM) || routed?.nodeId || null;
  const name = routed?.name || title;
  const [url, setUrl] = useState<string | null>(() => routed?.url ?? null);
  const [loadedUrl, setLoadedUrl] = useState<string | null>(null);
  const from = useRef(isLocalPath(routed?.from) ? routed.from : null);
  useDocumentTitle(name, useConfig().brand.name);

  const routedUrl = routed?.url;
  useEffect(() => {
    if (!routedUrl || !routed) return;
    const { url: _spent, ...rest } = routed;
    void navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: rest });
    // Once per launch URL (the effect reads the rest of the state of the render that brought it).
  }, [routedUrl]);

  useEffect(() => () => void queryClient.invalidateQueries({ queryKey: balanceQueryKey }), [queryClient]);

  const demo = params.get(SEAMLESS_DEMO_PARAM) === '1';
  const relaunch = useRelaunch(nodeId, demo, url === null && isLogin, launch, setUrl);
  const frame = useRef<HTMLIFrameElement>(null);
  useAppTabRequests(frame);

  const back = () => void navigate(from.current ?? ROUTES.home);

  let stage: ReactNode;
  if (url !== null) {
    stage = (
      <>
        {loadedUrl !== url && (
          <div className="seamless__loading" role="status" data-testid="seamless-loading">
            <span className="spinner" aria-hidden="true" />
            <span>{t('seamless.loading')}</span>
          </div>
        )}
        <iframe
          ref={frame}
          key={url}
          className="seamless__frame"
          data-testid="seamless-frame"
          src={url}
          title={t('seamless.frameTitle', { name })}
          allow={SEAMLESS_ALLOW}
          sandbox={SEAMLESS_SANDBOX}
          referrerPolicy="origin"
          onLoad={() => setLoadedUrl(url)}
        />
      </>
    );
  } else if (nodeId === null) {
    stage = <StageMessage testId="seamless-empty" text={t('seamless.empty')} />;
  } else if (!isLogin) {
    stage = (
      <StageMessage testId="seamless-login" text={t('seamless.loginToPlay')}>
        <button type="button" className="button button--primary" onClick={() => openAuthDialog('login')}>
          {t('header.login')}
        </button>
      </StageMessage>
    );
  } else if (relaunch.failure !== null) {
    stage = (
      <div className="seamless__state inline-error" role="alert" data-testid="seamless-error">
        <span>{errorText(t, relaunch.failure)}</span>
        <button type="button" className="button button--ghost" onClick={relaunch.retry}>
          {t('common.retry')}
        </button>
      </div>
    );
  } else {
    stage = (
      <div className="seamless__loading" role="status" data-testid="seamless-loading">
        <span className="spinner" aria-hidden="true" />
        <span>{t('seamless.launching')}</span>
      </div>
    );
  }

  return (
    <section className="seamless" data-testid="seamless-page" aria-labelledby={titleId}>
      <div className="seamless__bar">
        <button
          type="button"
          className="button button--ghost seamless__back"
          data-testid="seamless-back"
          onClick={back}
        >
          <ArrowBackIcon />
          <span>{t('seamless.back')}</span>
        </button>
        <h1 id={titleId} className="seamless__title" data-testid={titleId}>
          {name}
        </h1>
        {demo && (
          <span className="seamless__demo" data-testid="seamless-demo">
            {t('seamless.demo')}
          </span>
        )}
      </div>
      <div className="seamless__stage">{stage}</div>
    </section>
  );
}

function StageMessage({ text, testId, children }: { text: string; testId: string; children?: ReactNode }) {
  return (
    <div className="seamless__state" data-testid={testId}>
      <EmptyState title={text}>{children}</EmptyState>
    </div>
  );
}
