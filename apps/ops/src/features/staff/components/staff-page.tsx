import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { STAFF_ROLES, STAFF_STATUSES, type StaffAccount } from '@platform/contracts';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DataTable, FilterBar, PageHeader, type Column } from '@/components/data-table';
import { SelectField, TextField } from '@/components/form-fields';
import { StatusBadge } from '@/components/status-badge';
import { formatDateTime } from '@/lib/dates';
import { useListParams } from '@/lib/list-params';
import { useStaff } from '@/lib/session';
import { showToast } from '@/lib/toast';
import { listStaff, resetStaffMfa, staffKeys, updateStaff } from '../api/staff-api';
import { ChangeRoleDialog } from './change-role-dialog';
import { CreateStaffDialog } from './create-staff-dialog';
import { canManage } from './role-options';
import { Button } from '@platform/ui';

type PendingAction = { kind: 'disable' | 'enable' | 'resetMfa'; account: StaffAccount };

const FILTERS = { q: '', role: '', status: '' };

/** The merchant's staff accounts (permission staff.manage): create, change role, disable/enable, reset MFA. */
export function StaffPage() {
  const { t } = useTranslation();
  const caller = useStaff();
  const queryClient = useQueryClient();
  const list = useListParams(FILTERS);
  const query = useQuery({
    queryKey: [...staffKeys.all, list.query],
    queryFn: ({ signal }) => listStaff(list.query, signal),
  });
  const [creating, setCreating] = useState(false);
  const [roleFor, setRoleFor] = useState<StaffAccount | null>(null);
  const [pending, setPending] = useState<PendingAction | null>(null);

  const runPending = async () => {
    if (!pending) return;
    const { kind, account } = pending;
    if (kind === 'resetMfa') await resetStaffMfa(account.id);
    else await updateStaff(account.id, { status: kind === 'disable' ? 'DISABLED' : 'ACTIVE' });
    await queryClient.invalidateQueries({ queryKey: staffKeys.all });
    showToast(t(`staff.done.${kind}`, { username: account.username }));
  };

  const columns: Column<StaffAccount>[] = [
    { key: 'username', header: t('staff.username'), cell: (row) => row.username },
    { key: 'displayName', header: t('staff.displayName'), cell: (row) => row.displayName },
    { key: 'role', header: t('staff.role'), cell: (row) => t(`roles.${row.role}`) },
    {
      key: 'status',
      header: t('staff.status'),
      cell: (row) => (
        <StatusBadge
          tone={row.status === 'ACTIVE' ? 'success' : 'neutral'}
          label={t(`staff.statuses.${row.status}`)}
          testId="staff-status"
        />
      ),
    },
    {
      key: 'mfa',
      header: t('staff.mfa'),
      cell: (row) => (
        <StatusBadge
          tone={row.mfaEnrolled ? 'success' : 'warning'}
          label={row.mfaEnrolled ? t('staff.mfaEnrolled') : t('staff.mfaPending')}
          testId="staff-mfa"
        />
      ),
    },
    { key: 'lastLogin', header: t('staff.lastLogin'), cell: (row) => formatDateTime(row.lastLoginAt) || '—' },
    {
      key: 'actions',
      header: t('common.actions'),
      cell: (row) =>
        canManage(caller, row) ? (
          <span className="table__actions">
            <Button tone="ghost" small testId="staff-change-role" onClick={() => setRoleFor(row)}>
              {t('staff.changeRole')}
            </Button>
            <Button
              tone="ghost"
              small
              testId={row.status === 'ACTIVE' ? 'staff-disable' : 'staff-enable'}
              onClick={() => setPending({ kind: row.status === 'ACTIVE' ? 'disable' : 'enable', account: row })}
            >
              {row.status === 'ACTIVE' ? t('staff.disable') : t('staff.enable')}
            </Button>
            <button
              type="button"
              className="button button--ghost button--small"
              data-testid="staff-reset-mfa"
              disabled={!row.mfaEnrolled}
              onClick={() => setPending({ kind: 'resetMfa', account: row })}
            >
              {t('staff.resetMfa')}
            </button>
          </span>
        ) : null,
    },
  ];

  return (
    <section className="page" data-testid="staff-page">
      <PageHeader
        title={t('nav.staff')}
        actions={
          <button
            type="button"
            className="button button--primary"
            data-testid="staff-create"
            onClick={() => setCreating(true)}
          >
            {t('staff.create')}
          </button>
        }
      />
      <FilterBar
        key={JSON.stringify(list.filters)}
        onApply={list.setFilters}
        onReset={list.resetFilters}
        testId="staff-filters"
      >
        <TextField name="q" label={t('staff.search')} defaultValue={list.filters.q} testId="staff-filter-q" />
        <SelectField
          name="role"
          label={t('staff.role')}
          defaultValue={list.filters.role}
          testId="staff-filter-role"
          options={[
            { value: '', label: t('staff.anyRole') },
            ...STAFF_ROLES.map((role) => ({ value: role, label: t(`roles.${role}`) })),
          ]}
        />
        <SelectField
          name="status"
          label={t('staff.status')}
          defaultValue={list.filters.status}
          testId="staff-filter-status"
          options={[
            { value: '', label: t('staff.anyStatus') },
            ...STAFF_STATUSES.map((status) => ({ value: status, label: t(`staff.statuses.${status}`) })),
          ]}
        />
      </FilterBar>
      <DataTable
        query={query}
        rows={(page) => page.list}
        rowKey={(row) => row.id}
        columns={columns}
        caption={t('nav.staff')}
        emptyTitle={t('staff.empty')}
        paging={{ pageNo: list.pageNo, totalPages: (page) => page.totalPages, onPage: list.setPageNo }}
        testId="staff-list"
      />
      <CreateStaffDialog open={creating} onOpenChange={setCreating} />
      <ChangeRoleDialog account={roleFor} onClose={() => setRoleFor(null)} />
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title={pending ? t(`staff.confirm.${pending.kind}.title`, { username: pending.account.username }) : ''}
        description={pending ? t(`staff.confirm.${pending.kind}.text`, { username: pending.account.username }) : ''}
        confirmLabel={pending ? t(`staff.confirm.${pending.kind}.action`) : ''}
        danger={pending?.kind !== 'enable'}
        onConfirm={runPending}
        testId="staff-confirm"
      />
    </section>
  );
}
