import { useCallback, useEffect, useRef, useState } from 'react';
import { CAPTCHA_REFRESH_MIN_INTERVAL_MS, type CaptchaResponse } from '@platform/contracts';
import { ApiError } from '@/lib/api-client';
import { useLanguage } from '@/lib/i18n/i18n';
import { getCaptcha } from '../api/get-captcha';

export type CaptchaKind = 'image' | 'text';

export type CaptchaState = {
  /** Shown after a failed login that asked for it (spec §4), or from the start where a form always needs one. */
  shown: boolean;
  captcha: CaptchaResponse | null;
  failed: boolean;
  /** Shows the captcha (first time) or fetches a new one. A user's refresh runs at most once a second (spec §9). */
  refresh: (options?: { force?: boolean }) => void;
  /** The picture, or the text question for people who cannot see it (ADR 0021; only where the merchant offers it). */
  kind: CaptchaKind;
  /** Switches between picture and question and fetches one of the new kind at once. */
  setKind: (kind: CaptchaKind) => void;
};

export function useCaptcha(initiallyShown = false): CaptchaState {
  const [shown, setShown] = useState(false);
  const [captcha, setCaptcha] = useState<CaptchaResponse | null>(null);
  const [failed, setFailed] = useState(false);
  const lastFetchAt = useRef(Number.NEGATIVE_INFINITY);
  const latest = useRef(0);
  const [kind, setKindState] = useState<CaptchaKind>('image');
  const kindRef = useRef<CaptchaKind>('image');
  const { code: language } = useLanguage();
  const languageRef = useRef(language);
  useEffect(() => {
    languageRef.current = language;
  }, [language]);

  const refresh = useCallback((options: { force?: boolean } = {}) => {
    const now = Date.now();
    if (!options.force && now - lastFetchAt.current < CAPTCHA_REFRESH_MIN_INTERVAL_MS) return;
    lastFetchAt.current = now;
    setShown(true);
    const request = (latest.current += 1);
    const load = (retried: boolean) =>
      getCaptcha({ kind: kindRef.current, lang: languageRef.current })
        .then((next) => {
          if (request !== latest.current) return;
          setCaptcha(next);
          setFailed(false);
        })
        .catch((error: unknown) => {
          if (request !== latest.current) return;
          // The server allows one captcha a second per visitor too: a refresh that came too soon is tried once more.
          if (!retried && error instanceof ApiError && error.status === 429) {
            setTimeout(() => void load(true), CAPTCHA_REFRESH_MIN_INTERVAL_MS);
            return;
          }
          setFailed(true);
        });
    void load(false);
  }, []);

  const setKind = useCallback(
    (next: CaptchaKind) => {
      kindRef.current = next;
      setKindState(next);
      refresh({ force: true });
    },
    [refresh],
  );

  useEffect(() => {
    if (initiallyShown) refresh({ force: true });
  }, [initiallyShown, refresh]);

  return { shown: shown || initiallyShown, captcha, failed, refresh, kind, setKind };
}
