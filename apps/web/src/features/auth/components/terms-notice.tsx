import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { openHelpModal } from '@/lib/site-modals';

/**
 * The accepted-terms line (spec §2 Login popup), linking to the terms anchor of the help centre: the terms open in the
 * helpModal over the popup, so what was typed stays (a click with a modifier key still opens the page).
 */
export function TermsNotice({ text }: { text: string }) {
  const { t } = useTranslation();
  return (
    <p className="dialog__note">
      {text}{' '}
      <Link
        to={paths.terms}
        onClick={(event) => {
          if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
          event.preventDefault();
          openHelpModal('term');
        }}
      >
        {t('auth.termsLink')}
      </Link>
    </p>
  );
}
