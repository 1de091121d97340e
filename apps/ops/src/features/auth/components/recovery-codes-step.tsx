import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveBlob } from '@/lib/csv';
import { showToast } from '@/lib/toast';

type RecoveryCodesStepProps = { codes: readonly string[]; username: string; onDone: () => void };

/**
 * The recovery codes, shown once: the server keeps only their hashes. The staff member copies or downloads them and
 * says they are saved before the session starts.
 */
export function RecoveryCodesStep({ codes, username, onDone }: RecoveryCodesStepProps) {
  const { t } = useTranslation();
  const [saved, setSaved] = useState(false);
  const text = `${codes.join('\n')}\n`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      showToast(t('auth.codesCopied'));
    } catch {
      showToast(t('auth.copyFailed'), 'error');
    }
  };
  return (
    <div className="form" data-testid="recovery-codes">
      <h1 className="auth-card__title">{t('auth.recoveryCodesTitle')}</h1>
      <p className="muted">{t('auth.recoveryCodesHint')}</p>
      <ol className="recovery-codes" data-testid="recovery-codes-list">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="button-row">
        <button type="button" className="button button--ghost" onClick={() => void copy()}>
          {t('auth.copyCodes')}
        </button>
        <button
          type="button"
          className="button button--ghost"
          data-testid="recovery-codes-download"
          onClick={() => saveBlob(new Blob([text], { type: 'text/plain' }), `recovery-codes-${username}.txt`)}
        >
          {t('auth.downloadCodes')}
        </button>
      </div>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={saved}
          data-testid="recovery-codes-saved"
          onChange={(event) => setSaved(event.target.checked)}
        />
        <span>{t('auth.codesSaved')}</span>
      </label>
      <button
        type="button"
        className="button button--primary button--block"
        disabled={!saved}
        data-testid="recovery-codes-continue"
        onClick={onDone}
      >
        {t('auth.continue')}
      </button>
    </div>
  );
}
