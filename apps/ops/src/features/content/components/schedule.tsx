import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/dates';

/** A schedule as "from – to", "Always" when it has no ends. */
export function Schedule({ from, to }: { from: string | null; to: string | null }) {
  const { t } = useTranslation();
  if (from === null && to === null) return <>{t('content.always')}</>;
  return (
    <span className="content-schedule">
      {from === null ? t('content.now') : formatDateTime(from)} –{' '}
      {to === null ? t('content.noEnd') : formatDateTime(to)}
    </span>
  );
}
