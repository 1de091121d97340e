import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { hasPermission, useStaff } from '@/lib/session';
import { getPointsReport, mallKeys } from '../api/points-api';

/** The cost report (reports.view): points spent, in process, refunded and held, and the money items cost. */
export function PointsReportPanel() {
  const { t } = useTranslation();
  const allowed = hasPermission(useStaff(), 'reports.view');
  const query = useQuery({
    queryKey: mallKeys.report,
    queryFn: ({ signal }) => getPointsReport(signal),
    enabled: allowed,
  });
  if (!allowed || !query.data) return null;
  const r = query.data;
  const figures = [
    ['spent', r.spent],
    ['inProcess', r.inProcess],
    ['refunded', r.refunded],
    ['outstanding', r.outstanding],
    ['cashPaid', r.cashPaid],
    ['bonusGranted', r.bonusGranted],
  ] as const;
  return (
    <section className="mall-ops__report" aria-label={t('pointsMall.report')} data-testid="points-report">
      {figures.map(([key, value]) => (
        <div key={key} className="mall-ops__figure">
          <span className="muted">{t(`pointsMall.figures.${key}`)}</span>
          <strong>{value}</strong>
        </div>
      ))}
    </section>
  );
}
