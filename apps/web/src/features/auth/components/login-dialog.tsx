import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WHITELABEL_MODULES } from '@platform/contracts';
import { Dialog } from '@/components/dialog';
import { FormError } from '@/components/form-field';
import { Tabs } from '@/components/tabs';
import { closeAuthDialog, openAuthDialog, useAuthDialog } from '@/lib/auth-dialog';
import { isModuleEnabled, useConfig } from '@/lib/config';
import { errorText } from '@/lib/error-text';
import { freePlay } from '../api/free-play';
import { useCompleteLogin } from '../hooks/use-complete-login';
import { LoginForm } from './login-form';
import { SmsLoginForm } from './sms-login-form';
import { TermsNotice } from './terms-notice';

type LoginTab = 'username' | 'sms';

/** Free play (spec §4): a trial session, then home. `lead`: the dialog opened for it (a game's free trial). */
function FreePlayButton({ lead = false }: { lead?: boolean }) {
  const { t } = useTranslation();
  const completeLogin = useCompleteLogin();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const start = async () => {
    setBusy(true);
    setError(null);
    try {
      await completeLogin(await freePlay());
    } catch (failure) {
      setError(errorText(t, failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <button
        type="button"
        className={`button ${lead ? 'button--primary' : 'button--ghost'} button--block`}
        data-testid="login-freeplay"
        disabled={busy}
        aria-busy={busy || undefined}
        onClick={() => void start()}
      >
        {t('auth.freePlay')}
      </button>
      <FormError message={error} testId="login-freeplay-error" />
    </>
  );
}

/**
 * loginPopupModal (spec §2): username login, SMS login while SMSLOGIN3 is on, forgot password, free play while
 * FREEPLAY3 is on, the accepted-terms link, and the swap to registration.
 */
export function LoginDialog() {
  const { t } = useTranslation();
  const { whitelabel } = useConfig();
  const smsLogin = isModuleEnabled(whitelabel, WHITELABEL_MODULES.SMS_LOGIN);
  const freePlayOn = isModuleEnabled(whitelabel, WHITELABEL_MODULES.FREE_PLAY);
  const offer = useAuthDialog().freePlayFirst === true;
  const freePlayFirst = freePlayOn && offer;
  const [tab, setTab] = useState<LoginTab>('username');
  const tabs = [
    { key: 'username' as const, label: t('auth.tabUsername'), testId: 'login-tab-username' },
    ...(smsLogin ? [{ key: 'sms' as const, label: t('auth.tabSms'), testId: 'login-tab-sms' }] : []),
  ];
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && closeAuthDialog()}
      title={t('auth.loginTitle')}
      description={t('auth.loginDescription')}
      testId="login-dialog"
    >
      {freePlayFirst && (
        <div className="dialog__lead" data-testid="login-freeplay-offer">
          <p>{t('auth.freePlayOffer')}</p>
          <FreePlayButton lead />
        </div>
      )}
      <Tabs label={t('auth.loginMethods')} items={tabs} active={smsLogin ? tab : 'username'} onChange={setTab}>
        {smsLogin && tab === 'sms' ? <SmsLoginForm /> : <LoginForm side="member" prefix="login" />}
      </Tabs>
      <p className="dialog__links">
        <button
          type="button"
          className="link-button"
          data-testid="login-forgot-link"
          onClick={() => openAuthDialog('forgot')}
        >
          {t('auth.forgotLink')}
        </button>
      </p>
      {freePlayOn && !freePlayFirst && <FreePlayButton />}
      <TermsNotice text={t('auth.loginTerms')} />
      <p className="dialog__note">
        {t('auth.noAccount')}{' '}
        <button
          type="button"
          className="link-button"
          data-testid="login-register-link"
          onClick={() => openAuthDialog('register')}
        >
          {t('auth.toRegister')}
        </button>
      </p>
    </Dialog>
  );
}
