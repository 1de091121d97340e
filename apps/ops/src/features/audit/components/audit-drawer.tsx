import { useTranslation } from 'react-i18next';
import type { OpsAuditEntry } from '@platform/contracts';
import { Dialog } from '@/components/dialog';
import { formatDateTime } from '@/lib/dates';
import { auditDiff } from './audit-diff';
import { TableHead } from '@platform/ui';

/** One audit entry in a side drawer: who, role, when, where, what, the reason, and before/after as a diff. */
export function AuditDrawer({ entry, onClose }: { entry: OpsAuditEntry | null; onClose: () => void }) {
  const { t } = useTranslation();
  const rows = entry === null ? [] : auditDiff(entry.before, entry.after);
  const changed = rows.filter((row) => row.kind !== 'same').length;
  return (
    <Dialog
      open={entry !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={entry === null ? '' : entry.action}
      description={t('audit.drawerDescription')}
      className="dialog--wide audit-drawer"
      testId="audit-drawer"
    >
      {entry !== null && (
        <>
          <dl className="audit-facts">
            <dt>{t('audit.when')}</dt>
            <dd data-testid="audit-drawer-when">{formatDateTime(entry.createdAt)}</dd>
            <dt>{t('audit.who')}</dt>
            <dd data-testid="audit-drawer-who">
              {entry.staffUsername} ({t(`roles.${entry.staffRole}`, { defaultValue: entry.staffRole })})
            </dd>
            <dt>{t('audit.ip')}</dt>
            <dd>{entry.ip}</dd>
            <dt>{t('audit.target')}</dt>
            <dd data-testid="audit-drawer-target">
              {entry.targetType} #{entry.targetId}
            </dd>
            <dt>{t('audit.reason')}</dt>
            <dd data-testid="audit-drawer-reason">{entry.reason ?? '—'}</dd>
          </dl>
          <h3 className="audit-drawer__heading">{t('audit.changes', { count: changed })}</h3>
          {rows.length === 0 ? (
            <p className="muted" data-testid="audit-diff-empty">
              {t('audit.noValues')}
            </p>
          ) : (
            <div className="table-wrap">
              <table className="table audit-diff" data-testid="audit-diff">
                <caption className="visually-hidden">{t('audit.changesCaption')}</caption>
                <TableHead headers={[t('audit.field'), t('audit.before'), t('audit.after')]} />
                <tbody>
                  {rows.map((row) => (
                    <tr
                      key={row.path}
                      className={`audit-diff__row audit-diff__row--${row.kind}`}
                      data-testid="audit-diff-row"
                      data-kind={row.kind}
                    >
                      <th scope="row">
                        {row.path}
                        {row.kind !== 'same' && (
                          <span className="visually-hidden"> ({t(`audit.kind.${row.kind}`)})</span>
                        )}
                      </th>
                      <td className="audit-diff__before">{row.before ?? '—'}</td>
                      <td className="audit-diff__after">{row.after ?? '—'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </Dialog>
  );
}
