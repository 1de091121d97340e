import './promotions.css';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GAME_TYPES, VIP_UPGRADE_BASES, type OpsVipLevel } from '@platform/contracts';
import { DataTable, PageHeader, type Column } from '@/components/data-table';
import { Dialog } from '@/components/dialog';
import { FormError, SelectField, SubmitButton, TextField } from '@/components/form-fields';
import { Money } from '@/components/money';
import { useFormSubmit, useZodForm } from '@/lib/form';
import { showToast } from '@/lib/toast';
import { getVipLevels, promotionKeys, saveVipLevel } from '../api/promotions-api';
import { VipLevelFormSchema, vipLevelFormOf } from './vip-level-form';

/** Create or edit a VIP level: names, label, what reaches it, bonuses, daily withdrawal limits and rebate rates. */
function VipLevelDialog({
  level,
  nextLevel,
  houseEdges,
  onClose,
}: {
  level: OpsVipLevel | null;
  nextLevel: number;
  houseEdges: Record<string, string>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useZodForm(VipLevelFormSchema, vipLevelFormOf(level, nextLevel));
  const submit = useFormSubmit(form, ({ level: n, ...body }) => saveVipLevel(n, body), {
    onSuccess: (saved) => {
      void queryClient.invalidateQueries({ queryKey: promotionKeys.vipLevels });
      showToast(t('promotions.vip.saved', { label: saved.label }));
      onClose();
    },
  });
  const field = (name: Parameters<typeof form.register>[0], label: string, extra: object = {}) => (
    <TextField
      label={t(label)}
      testId={`vip-${name.replace('.', '-')}`}
      error={submit.fieldError(name)}
      {...extra}
      {...form.register(name)}
    />
  );
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !submit.busy && onClose()}
      title={t(level ? 'promotions.vip.editTitle' : 'promotions.vip.createTitle')}
      description={t('promotions.vip.formHint')}
      className="dialog--wide"
      testId="vip-level-dialog"
    >
      <form className="form" noValidate onSubmit={(event) => void submit.onSubmit(event)}>
        <div className="form__grid promotions__grid">
          {field('level', 'promotions.vip.level', { required: true, inputMode: 'numeric', readOnly: level !== null })}
          {field('label', 'promotions.vip.label', { required: true })}
          {field('name.EN', 'promotions.vip.nameEn', { required: true })}
          {field('name.TY', 'promotions.vip.nameTy')}
          <SelectField
            label={t('promotions.vip.upgradeBasis')}
            testId="vip-upgradeBasis"
            options={VIP_UPGRADE_BASES.map((value) => ({ value, label: t(`promotions.vip.bases.${value}`) }))}
            error={submit.fieldError('upgradeBasis')}
            {...form.register('upgradeBasis')}
          />
          {field('threshold', 'promotions.vip.threshold', {
            inputMode: 'decimal',
            hint: t('promotions.vip.thresholdHint'),
          })}
          {field('upgradeBonus', 'promotions.vip.upgradeBonus', { inputMode: 'decimal' })}
          {field('birthdayBonus', 'promotions.vip.birthdayBonus', { inputMode: 'decimal' })}
          {field('withdrawDailyCount', 'promotions.vip.withdrawDailyCount', {
            inputMode: 'numeric',
            hint: t('promotions.vip.noLimitHint'),
          })}
          {field('withdrawDailyMax', 'promotions.vip.withdrawDailyMax', {
            inputMode: 'decimal',
            hint: t('promotions.vip.noLimitHint'),
          })}
        </div>
        <fieldset className="promotions__weights">
          <legend>{t('promotions.vip.rebateRates')}</legend>
          <p className="field__hint">{t('promotions.vip.rebateRatesHint')}</p>
          <div className="form__grid promotions__grid">
            {GAME_TYPES.map((type) =>
              field(`rebateRates.${type}` as never, `promotions.rebate.types.${type}`, {
                inputMode: 'decimal',
                hint: t('promotions.rebate.maxRate', { rate: houseEdges[type] ?? '' }),
                key: type,
              }),
            )}
          </div>
        </fieldset>
        <FormError message={submit.formError} testId="vip-form-error" />
        <SubmitButton busy={submit.busy} label={t('common.save')} testId="vip-submit" />
      </form>
    </Dialog>
  );
}

/**
 * VIP levels (promotions.manage, issue 20, ADR 0035): each level's names and label, what reaches it (valid bet or
 * deposits over the window), upgrade and birthday bonuses, daily withdrawal limits and rebate rates.
 */
export function VipLevelsPage() {
  const { t } = useTranslation();
  const query = useQuery({ queryKey: promotionKeys.vipLevels, queryFn: ({ signal }) => getVipLevels(signal) });
  const [editing, setEditing] = useState<{ row: OpsVipLevel | null } | null>(null);
  const levels = query.data?.list ?? [];
  const nextLevel = Math.min(
    levels.reduce((max, l) => Math.max(max, l.level + 1), 0),
    30,
  );
  const columns: Column<OpsVipLevel>[] = [
    { key: 'level', header: t('promotions.vip.level'), cell: (row) => row.level },
    { key: 'label', header: t('promotions.vip.label'), cell: (row) => <strong>{row.label}</strong> },
    { key: 'name', header: t('promotions.vip.name'), cell: (row) => row.name.EN },
    {
      key: 'threshold',
      header: t('promotions.vip.threshold'),
      align: 'end',
      cell: (row) => (
        <span>
          <Money amount={row.threshold} /> <small>{t(`promotions.vip.bases.${row.upgradeBasis}`)}</small>
        </span>
      ),
    },
    {
      key: 'bonuses',
      header: t('promotions.vip.bonuses'),
      cell: (row) => (
        <span>
          {t('promotions.vip.upgradeShort')} <Money amount={row.upgradeBonus} /> · {t('promotions.vip.birthdayShort')}{' '}
          <Money amount={row.birthdayBonus} />
        </span>
      ),
    },
    {
      key: 'withdraw',
      header: t('promotions.vip.withdrawLimits'),
      cell: (row) =>
        row.withdrawDailyCount === null && row.withdrawDailyMax === null ? (
          t('promotions.noLimit')
        ) : (
          <span>
            {row.withdrawDailyCount ?? '∞'} × / <Money amount={row.withdrawDailyMax ?? '0'} />
          </span>
        ),
    },
    {
      key: 'rates',
      header: t('promotions.vip.rebateRates'),
      cell: (row) =>
        Object.entries(row.rebateRates)
          .map(([type, rate]) => `${type} ${rate}%`)
          .join(' · '),
    },
    {
      key: 'actions',
      header: t('common.actions'),
      cell: (row) => (
        <button
          type="button"
          className="button button--ghost button--small"
          data-testid="vip-edit"
          onClick={() => setEditing({ row })}
        >
          {t('promotions.edit')}
        </button>
      ),
    },
  ];
  return (
    <section className="page promotions-page" data-testid="vip-levels-page">
      <PageHeader
        title={t('nav.vipLevels')}
        actions={
          <button
            type="button"
            className="button button--primary"
            data-testid="vip-create"
            onClick={() => setEditing({ row: null })}
          >
            {t('promotions.vip.create')}
          </button>
        }
      />
      <DataTable
        query={query}
        rows={(data) => data.list}
        rowKey={(row) => String(row.level)}
        columns={columns}
        caption={t('nav.vipLevels')}
        emptyTitle={t('promotions.vip.empty')}
        testId="vip-levels"
      />
      {editing && (
        <VipLevelDialog
          level={editing.row}
          nextLevel={nextLevel}
          houseEdges={query.data?.houseEdges ?? {}}
          onClose={() => setEditing(null)}
        />
      )}
    </section>
  );
}
