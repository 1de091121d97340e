import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  MISSION_CADENCES,
  MISSION_METRICS,
  MISSION_PAY_AS,
  OpsMissionInputSchema,
  type MissionCostReport,
  type OpsMission,
  type OpsMissionInput,
} from '@platform/contracts';
import { DataTable, PageHeader, type Column } from '@/components/data-table';
import { FormError, SelectField, SubmitButton, TextField } from '@/components/form-fields';
import { StatusBadge } from '@/components/status-badge';
import { useFormSubmit, useZodForm } from '@/lib/form';
import { showToast } from '@/lib/toast';
import { createMission, getMissionReport, getMissions, missionKeys, setMissionStatus } from '../api/missions-api';
import { RewardAmount } from './reward-amount';
import './missions.css';

type MissionForm = Omit<OpsMissionInput, 'turnoverMultiple' | 'gameType' | 'endsOn' | 'nameTy'> & {
  nameTy: string;
  turnoverMultiple: string;
  gameType: string;
  endsOn: string;
};
const todayText = () => new Date().toISOString().slice(0, 10);
const MissionFormSchema = z
  .custom<MissionForm>()
  .transform((v) => ({ ...v, turnoverMultiple: Number(v.turnoverMultiple.trim() === '' ? NaN : v.turnoverMultiple) }))
  .pipe(OpsMissionInputSchema as never) as unknown as z.ZodType<OpsMissionInput, MissionForm>;

/** The form that creates a mission (its window resets at the merchant's midnight, weeks on Monday). */
function MissionCreateForm() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useZodForm(MissionFormSchema, {
    ...{ name: '', nameTy: '', cadence: 'DAILY', metric: 'VALID_BET', gameType: '', target: '', reward: '' },
    ...{ payAs: 'CASH', turnoverMultiple: '0', startsOn: todayText(), endsOn: '' },
  });
  const submit = useFormSubmit(form, createMission, {
    onSuccess: (mission) => {
      showToast(t('missions.created', { name: mission.name }));
      form.reset();
      void queryClient.invalidateQueries({ queryKey: missionKeys.all });
    },
  });
  const options = (values: readonly string[], prefix: string) =>
    values.map((value) => ({ value, label: t(`${prefix}.${value}`) }));
  return (
    <form className="form missions__form" noValidate onSubmit={(e) => void submit.onSubmit(e)}>
      <h2>{t('missions.newTitle')}</h2>
      <p className="field__hint">{t('missions.newHint')}</p>
      <div className="form__grid">
        <TextField
          label={t('missions.fields.name')}
          required
          testId="mission-name"
          error={submit.fieldError('name')}
          {...form.register('name')}
        />
        <TextField
          label={t('missions.fields.nameTy')}
          testId="mission-name-ty"
          hint={t('missions.fields.nameTyHint')}
          error={submit.fieldError('nameTy')}
          {...form.register('nameTy')}
        />
        <SelectField
          label={t('missions.fields.cadence')}
          testId="mission-cadence"
          options={options(MISSION_CADENCES, 'missions.cadences')}
          error={submit.fieldError('cadence')}
          {...form.register('cadence')}
        />
        <SelectField
          label={t('missions.fields.metric')}
          testId="mission-metric"
          options={options(MISSION_METRICS, 'missions.metrics')}
          error={submit.fieldError('metric')}
          {...form.register('metric')}
        />
        <TextField
          label={t('missions.fields.gameType')}
          testId="mission-game-type"
          hint={t('missions.fields.gameTypeHint')}
          error={submit.fieldError('gameType')}
          {...form.register('gameType')}
        />
        <TextField
          label={t('missions.fields.target')}
          required
          inputMode="decimal"
          testId="mission-target"
          hint={t('missions.fields.targetHint')}
          error={submit.fieldError('target')}
          {...form.register('target')}
        />
        <TextField
          label={t('missions.fields.reward')}
          required
          inputMode="decimal"
          testId="mission-reward"
          hint={t('missions.fields.rewardHint')}
          error={submit.fieldError('reward')}
          {...form.register('reward')}
        />
        <SelectField
          label={t('missions.fields.payAs')}
          testId="mission-pay-as"
          options={options(MISSION_PAY_AS, 'missions.payAs')}
          error={submit.fieldError('payAs')}
          {...form.register('payAs')}
        />
        <TextField
          label={t('missions.fields.turnoverMultiple')}
          inputMode="numeric"
          testId="mission-turnover"
          error={submit.fieldError('turnoverMultiple')}
          {...form.register('turnoverMultiple')}
        />
        <TextField
          label={t('missions.fields.startsOn')}
          type="date"
          required
          testId="mission-starts"
          error={submit.fieldError('startsOn')}
          {...form.register('startsOn')}
        />
        <TextField
          label={t('missions.fields.endsOn')}
          type="date"
          testId="mission-ends"
          error={submit.fieldError('endsOn')}
          {...form.register('endsOn')}
        />
      </div>
      <FormError message={submit.formError} testId="mission-form-error" />
      <SubmitButton busy={submit.busy} label={t('missions.create')} testId="mission-submit" />
    </form>
  );
}

function CostReport() {
  const { t } = useTranslation();
  const query = useQuery({ queryKey: missionKeys.report, queryFn: ({ signal }) => getMissionReport(signal) });
  type Line = MissionCostReport['lines'][number];
  const columns: Column<Line>[] = [
    { key: 'kind', header: t('missions.report.kind'), cell: (row) => t(`missions.report.kinds.${row.kind}`) },
    { key: 'name', header: t('missions.fields.name'), cell: (row) => row.name },
    { key: 'offered', header: t('missions.report.offered'), align: 'end', cell: (row) => row.offered },
    {
      key: 'offeredAmount',
      header: t('missions.report.offeredAmount'),
      align: 'end',
      cell: (row) => <RewardAmount amount={row.offeredAmount} payAs={row.payAs} />,
    },
    { key: 'claimed', header: t('missions.report.claimed'), align: 'end', cell: (row) => row.claimed },
    {
      key: 'claimedAmount',
      header: t('missions.report.claimedAmount'),
      align: 'end',
      cell: (row) => <RewardAmount amount={row.claimedAmount} payAs={row.payAs} />,
    },
  ];
  return (
    <section className="missions__section">
      <h2>{t('missions.report.title')}</h2>
      {query.data ? (
        <p className="field__hint" data-testid="mission-cost-total">
          {t('missions.report.total', { offered: query.data.offeredAmount, claimed: query.data.claimedAmount })}
        </p>
      ) : null}
      {query.data && query.data.offeredPoints !== '0' ? (
        <p className="field__hint" data-testid="mission-cost-points">
          {t('missions.report.totalPoints', { offered: query.data.offeredPoints, claimed: query.data.claimedPoints })}
        </p>
      ) : null}
      <DataTable
        query={query}
        rows={(data) => data.lines}
        columns={columns}
        rowKey={(row) => `${row.kind}:${row.id}`}
        caption={t('missions.report.title')}
        emptyTitle={t('missions.report.empty')}
        testId="mission-cost"
      />
    </section>
  );
}

/** Missions (promotions.manage, issue 21): the list with pause and resume, the create form, and the cost report. */
export function MissionsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: missionKeys.missions, queryFn: ({ signal }) => getMissions(signal) });
  const toggle = async (row: OpsMission) => {
    const next = row.status === 'ACTIVE' ? 'PAUSED' : 'ACTIVE';
    await setMissionStatus(row.id, next);
    showToast(t(next === 'ACTIVE' ? 'missions.resumed' : 'missions.paused', { name: row.name }));
    await queryClient.invalidateQueries({ queryKey: missionKeys.all });
  };
  const columns: Column<OpsMission>[] = [
    { key: 'name', header: t('missions.fields.name'), cell: (row) => row.name },
    {
      key: 'task',
      header: t('missions.fields.metric'),
      cell: (row) =>
        `${t(`missions.cadences.${row.cadence}`)} · ${t(`missions.metrics.${row.metric}`)}${row.gameType ? ` (${row.gameType})` : ''}`,
    },
    { key: 'target', header: t('missions.fields.target'), align: 'end', cell: (row) => row.target },
    {
      key: 'reward',
      header: t('missions.fields.reward'),
      align: 'end',
      cell: (row) => <RewardAmount amount={row.reward} payAs={row.payAs} />,
    },
    {
      key: 'window',
      header: t('missions.fields.window'),
      cell: (row) => `${row.startsOn} – ${row.endsOn ?? t('missions.open')}`,
    },
    {
      key: 'status',
      header: t('missions.fields.status'),
      cell: (row) => (
        <span className="missions__status-cell">
          <StatusBadge
            tone={row.status === 'ACTIVE' ? 'success' : 'neutral'}
            label={t(`missions.states.${row.status}`)}
          />
          <button
            type="button"
            className="button button--small"
            data-testid="mission-toggle"
            onClick={() => void toggle(row)}
          >
            {t(row.status === 'ACTIVE' ? 'missions.pause' : 'missions.resume')}
          </button>
        </span>
      ),
    },
  ];
  return (
    <div className="page missions">
      <PageHeader title={t('nav.missions')} />
      <DataTable
        query={query}
        rows={(data) => data.list}
        columns={columns}
        rowKey={(row) => row.id}
        caption={t('nav.missions')}
        emptyTitle={t('missions.empty')}
        testId="missions"
      />
      <MissionCreateForm />
      <CostReport />
    </div>
  );
}
