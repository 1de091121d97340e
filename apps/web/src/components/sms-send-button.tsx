import { useTranslation } from 'react-i18next';
import type { SmsSender } from '@/lib/use-sms-sender';

/** "Send code", then the seconds until another may be requested (spec §4). */
export function SmsSendButton({ sender, onSend, testId }: { sender: SmsSender; onSend: () => void; testId: string }) {
  const { t } = useTranslation();
  const waiting = sender.remaining > 0;
  return (
    <button
      type="button"
      className="button button--ghost sms-send"
      data-testid={testId}
      disabled={waiting || sender.sending}
      aria-busy={sender.sending || undefined}
      onClick={onSend}
    >
      {waiting ? t('sms.resendIn', { seconds: sender.remaining }) : t('sms.send')}
    </button>
  );
}
