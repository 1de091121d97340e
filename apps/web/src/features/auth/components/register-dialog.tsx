import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/dialog';
import { Tabs } from '@/components/tabs';
import { closeAuthDialog, openAuthDialog } from '@/lib/auth-dialog';
import { useConfig } from '@/lib/config';
import { useCaptcha } from '../hooks/use-captcha';
import type { RegisterVariant } from '../utils/register-fields';
import { RegisterForm } from './register-form';
import { TermsNotice } from './terms-notice';

/**
 * registerModal (spec §2): a tab for username and one for mobile registration, each only while its setting is on;
 * the optional w_reg banner; a link back to login.
 */
export function RegisterDialog({ banner }: { banner?: ReactNode }) {
  const { t } = useTranslation();
  const { register } = useConfig();
  const tabs = [
    ...(register.usernameRegistration
      ? [{ key: 'username' as const, label: t('register.tabUsername'), testId: 'register-tab-username' }]
      : []),
    ...(register.mobileRegistration
      ? [{ key: 'mobile' as const, label: t('register.tabMobile'), testId: 'register-tab-mobile' }]
      : []),
  ];
  const [chosen, setChosen] = useState<RegisterVariant | null>(null);
  // One captcha for the dialog: switching tabs must not spend it or ask the server for another within a second.
  const captchaRule = register.fields.find((field) => field.field === 'captcha');
  const captcha = useCaptcha(captchaRule?.enabled === true);
  const active = tabs.find((tab) => tab.key === chosen)?.key ?? tabs[0]?.key ?? null;
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && closeAuthDialog()}
      title={t('auth.registerTitle')}
      description={t('auth.registerDescription')}
      testId="register-dialog"
    >
      {banner}
      {active ? (
        <Tabs label={t('register.methods')} items={tabs} active={active} onChange={setChosen}>
          {/* A new form per variant: fields and rules differ. */}
          <RegisterForm key={active} variant={active} captcha={captcha} />
        </Tabs>
      ) : (
        <p className="dialog__note" data-testid="register-closed">
          {t('register.closed')}
        </p>
      )}
      <TermsNotice text={t('auth.registerTerms')} />
      <p className="dialog__note">
        {t('auth.haveAccount')}{' '}
        <button
          type="button"
          className="link-button"
          data-testid="register-login-link"
          onClick={() => openAuthDialog('login')}
        >
          {t('auth.toLogin')}
        </button>
      </p>
    </Dialog>
  );
}
