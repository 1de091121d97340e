import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/dialog';
import { closeAuthDialog, openAuthDialog } from '@/lib/auth-dialog';
import { TermsNotice } from './terms-notice';

/**
 * registerModal (spec §2). This is its frame: title, terms link, the swap back to login and close. The
 * username and mobile registration tabs are built by the identity feature.
 */
export function RegisterDialog() {
  const { t } = useTranslation();
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && closeAuthDialog()}
      title={t('auth.registerTitle')}
      description={t('auth.registerDescription')}
      testId="register-dialog"
    >
      <TermsNotice text={t('auth.registerTerms')} />
      <p className="dialog__note">
        {t('auth.haveAccount')}{' '}
        <button type="button" className="link-button" onClick={() => openAuthDialog('login')}>
          {t('auth.toLogin')}
        </button>
      </p>
    </Dialog>
  );
}
