import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/dialog';
import { closeAuthDialog, openAuthDialog } from '@/lib/auth-dialog';
import { TermsNotice } from './terms-notice';

/**
 * loginPopupModal (spec §2). This is its frame: title, terms link, the swap to registration and close.
 * The sign-in form (username and SMS tabs, captcha, free play) is built by the identity feature.
 */
export function LoginDialog() {
  const { t } = useTranslation();
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && closeAuthDialog()}
      title={t('auth.loginTitle')}
      description={t('auth.loginDescription')}
      testId="login-dialog"
    >
      <TermsNotice text={t('auth.loginTerms')} />
      <p className="dialog__note">
        {t('auth.noAccount')}{' '}
        <button type="button" className="link-button" onClick={() => openAuthDialog('register')}>
          {t('auth.toRegister')}
        </button>
      </p>
    </Dialog>
  );
}
