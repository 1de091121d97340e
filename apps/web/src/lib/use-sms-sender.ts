import { useCallback, useEffect, useRef, useState } from 'react';
import { SMS_REQUEST_THROTTLE_MS, type SmsCodeResponse } from '@platform/contracts';
import { useTranslation } from 'react-i18next';
import { openNotice } from './app-dialogs';
import { errorText } from './error-text';

/** Spec §4: without an answer, the countdown is 1 minute. */
const DEFAULT_EXPIRED_MINUTES = 1;

export type SmsSender = {
  /** Seconds until another code may be requested; 0 when the button is enabled. */
  remaining: number;
  sending: boolean;
  send: (request: () => Promise<SmsCodeResponse>) => void;
};

/**
 * The SMS send button (spec §4), for every form that sends a code (login, registration, forgot password, binding a
 * number in the member centre): disabled for expiredMinutes × 60 seconds after a code was sent, with the seconds
 * shown, and requests throttled to one a second, so a double click or a quick retry after a failure sends one request.
 * A failure shows the server's message in a warning dialog with a confirm button (spec §8).
 */
export function useSmsSender(): SmsSender {
  const { t } = useTranslation();
  const [deadline, setDeadline] = useState<number | null>(null);
  const [remaining, setRemaining] = useState(0);
  const [sending, setSending] = useState(false);
  const lastSentAt = useRef(Number.NEGATIVE_INFINITY);

  useEffect(() => {
    if (deadline === null) return;
    const tick = () => {
      const left = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
      setRemaining(left);
      if (left === 0) setDeadline(null);
    };
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [deadline]);

  const send = useCallback(
    (request: () => Promise<SmsCodeResponse>) => {
      const now = Date.now();
      if (sending || deadline !== null || now - lastSentAt.current < SMS_REQUEST_THROTTLE_MS) return;
      lastSentAt.current = now;
      setSending(true);
      request()
        .then((answer) => {
          const minutes = answer.expiredMinutes > 0 ? answer.expiredMinutes : DEFAULT_EXPIRED_MINUTES;
          setDeadline(Date.now() + minutes * 60_000);
        })
        .catch((error: unknown) => openNotice(t('sms.failedTitle'), errorText(t, error)))
        .finally(() => setSending(false));
    },
    [sending, deadline, t],
  );

  return { remaining, sending, send };
}
