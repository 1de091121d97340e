import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { closeAuthDialog } from '@/lib/auth-dialog';

/** The accepted-terms line (spec §2 Login popup), linking to the terms anchor of the help centre. */
export function TermsNotice({ text }: { text: string }) {
  const { t } = useTranslation();
  return (
    <p className="dialog__note">
      {text}{' '}
      <Link to={paths.terms} onClick={closeAuthDialog}>
        {t('auth.termsLink')}
      </Link>
    </p>
  );
}
