import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  MISSION_PAY_AS,
  OpsRaceInputSchema,
  RACE_METRICS,
  type OpsRaceInput,
  type Race,
  type RaceState,
} from '@platform/contracts';
import { DataTable, PageHeader, type Column } from '@/components/data-table';
import { FormError, SelectField, SubmitButton, TextField } from '@/components/form-fields';
import { StatusBadge, type BadgeTone } from '@/components/status-badge';
import { formatDateTime } from '@/lib/dates';
import { useFormSubmit, useZodForm } from '@/lib/form';
import { showToast } from '@/lib/toast';
import { createRace, getRace, getRaces, missionKeys } from '../api/missions-api';
import { RewardAmount } from './reward-amount';
import './missions.css';

const TONES: Record<RaceState, BadgeTone> = {
  SCHEDULED: 'info',
  RUNNING: 'success',
  ENDED: 'warning',
  SETTLED: 'neutral',
};
/** Standings refresh while the page is open. */
const STANDINGS_POLL_MS = 15_000;

type RaceForm = Omit<OpsRaceInput, 'turnoverMultiple' | 'prizes' | 'gameType' | 'startsAt' | 'endsAt' | 'nameTy'> & {
  nameTy: string;
  turnoverMultiple: string;
  prizes: string;
  gameType: string;
  startsAt: string;
  endsAt: string;
};
/** datetime-local text ("2026-11-27T10:00") as an ISO instant in the browser's zone; anything else is left as is. */
const isoOf = (local: string) => (Number.isNaN(Date.parse(local)) ? local : new Date(local).toISOString());
const RaceFormSchema = z
  .custom<RaceForm>()
  .transform((v) => ({
    ...v,
    startsAt: isoOf(v.startsAt),
    endsAt: isoOf(v.endsAt),
    prizes: v.prizes
      .split(/[\s,]+/)
      .map((p) => p.trim())
      .filter((p) => p !== ''),
    turnoverMultiple: Number(v.turnoverMultiple.trim() === '' ? NaN : v.turnoverMultiple),
  }))
  .pipe(OpsRaceInputSchema as never) as unknown as z.ZodType<OpsRaceInput, RaceForm>;

function RaceCreateForm() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useZodForm(RaceFormSchema, {
    ...{ name: '', nameTy: '', metric: 'VALID_BET', gameType: '', minStake: '', startsAt: '', endsAt: '' },
    ...{ prizes: '', payAs: 'CASH', turnoverMultiple: '0' },
  });
  const submit = useFormSubmit(form, createRace, {
    onSuccess: (race) => {
      showToast(t('races.created', { name: race.name }));
      form.reset();
      void queryClient.invalidateQueries({ queryKey: missionKeys.all });
    },
  });
  const payAs = form.watch('payAs');
  const field = (name: keyof RaceForm, label: string, extra: object = {}) => (
    <TextField
      label={t(label)}
      testId={`race-${name}`}
      error={submit.fieldError(name)}
      {...extra}
      {...form.register(name)}
    />
  );
  return (
    <form className="form missions__form" noValidate onSubmit={(e) => void submit.onSubmit(e)}>
      <h2>{t('races.newTitle')}</h2>
      <div className="form__grid">
        {field('name', 'missions.fields.name', { required: true })}
        {field('nameTy', 'missions.fields.nameTy', { hint: t('missions.fields.nameTyHint') })}
        <SelectField
          label={t('races.fields.metric')}
          testId="race-metric"
          options={RACE_METRICS.map((value) => ({ value, label: t(`races.metrics.${value}`) }))}
          error={submit.fieldError('metric')}
          {...form.register('metric')}
        />
        {field('gameType', 'missions.fields.gameType', { hint: t('missions.fields.gameTypeHint') })}
        {field('minStake', 'races.fields.minStake', { inputMode: 'decimal', hint: t('races.fields.minStakeHint') })}
        {field('startsAt', 'races.fields.startsAt', { type: 'datetime-local', required: true })}
        {field('endsAt', 'races.fields.endsAt', { type: 'datetime-local', required: true })}
        {field('prizes', 'races.fields.prizes', {
          required: true,
          hint: t(payAs === 'POINTS' ? 'races.fields.prizesPointsHint' : 'races.fields.prizesHint'),
        })}
        <SelectField
          label={t('missions.fields.payAs')}
          testId="race-pay-as"
          options={MISSION_PAY_AS.map((value) => ({ value, label: t(`missions.payAs.${value}`) }))}
          error={submit.fieldError('payAs')}
          {...form.register('payAs')}
        />
        {field('turnoverMultiple', 'missions.fields.turnoverMultiple', { inputMode: 'numeric' })}
      </div>
      <FormError message={submit.formError} testId="race-form-error" />
      <SubmitButton busy={submit.busy} label={t('races.create')} testId="race-submit" />
    </form>
  );
}

function Standings({ id }: { id: string }) {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: missionKeys.race(id),
    queryFn: ({ signal }) => getRace(id, signal),
    refetchInterval: STANDINGS_POLL_MS,
  });
  type Row = Race['top'][number];
  const columns: Column<Row>[] = [
    { key: 'rank', header: t('races.rank'), cell: (row) => row.rank },
    { key: 'name', header: t('races.member'), cell: (row) => row.name },
    { key: 'score', header: t('races.score'), align: 'end', cell: (row) => row.score },
    {
      key: 'prize',
      header: t('races.prize'),
      align: 'end',
      cell: (row) => (row.prize && query.data ? <RewardAmount amount={row.prize} payAs={query.data.payAs} /> : '–'),
    },
  ];
  return (
    <section className="missions__section" data-testid="race-standings">
      <h2>{t('races.standings', { name: query.data?.name ?? '' })}</h2>
      <DataTable
        query={query}
        rows={(data) => data.top}
        columns={columns}
        rowKey={(row) => String(row.rank)}
        caption={t('races.standings', { name: query.data?.name ?? '' })}
        emptyTitle={t('races.noStandings')}
        testId="race-standing"
      />
    </section>
  );
}

/** Races (promotions.manage, issue 21): schedule a race with its prize table, follow the standings live. */
export function RacesPage() {
  const { t } = useTranslation();
  const [open, setOpen] = useState<string | null>(null);
  const query = useQuery({ queryKey: missionKeys.races, queryFn: ({ signal }) => getRaces(signal) });
  const columns: Column<Race>[] = [
    { key: 'name', header: t('missions.fields.name'), cell: (row) => row.name },
    {
      key: 'metric',
      header: t('races.fields.metric'),
      cell: (row) => `${t(`races.metrics.${row.metric}`)}${row.gameType ? ` (${row.gameType})` : ''}`,
    },
    {
      key: 'window',
      header: t('missions.fields.window'),
      cell: (row) => `${formatDateTime(row.startsAt)} – ${formatDateTime(row.endsAt)}`,
    },
    {
      key: 'prizes',
      header: t('races.fields.prizes'),
      cell: (row) =>
        row.payAs === 'POINTS' ? t('missions.points', { points: row.prizes.join(' / ') }) : row.prizes.join(' / '),
    },
    {
      key: 'leader',
      header: t('races.leader'),
      cell: (row) => (row.top[0] ? `${row.top[0].name} · ${row.top[0].score}` : '–'),
    },
    {
      key: 'state',
      header: t('missions.fields.status'),
      cell: (row) => (
        <span className="missions__status-cell">
          <StatusBadge tone={TONES[row.state]} label={t(`races.states.${row.state}`)} />
          <button
            type="button"
            className="button button--small"
            data-testid="race-open"
            onClick={() => setOpen(row.id)}
          >
            {t('races.show')}
          </button>
        </span>
      ),
    },
  ];
  return (
    <div className="page missions">
      <PageHeader title={t('nav.races')} />
      <DataTable
        query={query}
        rows={(data) => data.list}
        columns={columns}
        rowKey={(row) => row.id}
        caption={t('nav.races')}
        emptyTitle={t('races.empty')}
        testId="races"
      />
      {open ? <Standings id={open} /> : null}
      <RaceCreateForm />
    </div>
  );
}
