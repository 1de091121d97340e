import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OpsRaffleInputSchema, RAFFLE_BASES, type OpsRaffleInput } from '@platform/contracts';
import { Dialog } from '@/components/dialog';
import { FormError, SelectField, SubmitButton, TextField } from '@/components/form-fields';
import { zonedTimeToIso } from '@/lib/dates';
import { useFormSubmit, useZodForm } from '@/lib/form';
import { showToast } from '@/lib/toast';
import { z } from '@/lib/zod';
import { createRaffle } from '../api/create-raffle';
import { referralKeys } from '../api/keys';

/** The contract's cap on a raffle's prize list. */
const MAX_PRIZES = 50;
const TIMES = ['opensAt', 'closesAt', 'drawAt'] as const;

type RaffleForm = {
  title: { EN: string; TY: string };
  basis: OpsRaffleInput['basis'];
  ticketUnit: string;
  maxTicketsPerMember: string;
  /** Rank 1 first. */
  prizes: string[];
  /** datetime-local text, read as the merchant's clocks show it. */
  opensAt: string;
  closesAt: string;
  drawAt: string;
};

const EMPTY: RaffleForm = {
  title: { EN: '', TY: '' },
  basis: 'DEPOSIT',
  ticketUnit: '',
  maxTicketsPerMember: '10',
  prizes: [''],
  opensAt: '',
  closesAt: '',
  drawAt: '',
};

/** The inputs as the POST body in `timeZone`'s time, checked by the schema the server parses. */
const schemaIn = (timeZone: string) =>
  z.preprocess((values) => {
    const form = values as RaffleForm;
    const max = form.maxTicketsPerMember.trim();
    const ty = form.title.TY.trim();
    return {
      title: ty === '' ? { EN: form.title.EN } : { EN: form.title.EN, TY: ty },
      basis: form.basis,
      ticketUnit: form.ticketUnit,
      maxTicketsPerMember: /^\d+$/.test(max) ? Number(max) : Number.NaN,
      prizes: form.prizes.map((prize) => prize ?? ''),
      opensAt: zonedTimeToIso(form.opensAt, timeZone),
      closesAt: zonedTimeToIso(form.closesAt, timeZone),
      drawAt: zonedTimeToIso(form.drawAt, timeZone),
    };
  }, OpsRaffleInputSchema) as unknown as z.ZodType<OpsRaffleInput, RaffleForm>;

/**
 * A new raffle (promotions.manage, issue 21): titles in EN and TY, tickets per deposit or valid-bet unit with a cap per
 * member, the prize list by rank, and when tickets open, close and the draw runs, in the merchant's time zone. The
 * server draws the seed and shows only its hash until the draw.
 */
export function RaffleDialog({ timeZone, onClose }: { timeZone: string; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const schema = useMemo(() => schemaIn(timeZone), [timeZone]);
  const form = useZodForm<RaffleForm, OpsRaffleInput>(schema, EMPTY);
  const [prizeCount, setPrizeCount] = useState(1);
  const prizePaths = Array.from({ length: prizeCount }, (_, i) => `prizes.${i}`);
  const submit = useFormSubmit(form, createRaffle, {
    fields: ['title.EN', 'title.TY', 'basis', 'ticketUnit', 'maxTicketsPerMember', 'prizes', ...prizePaths, ...TIMES],
    onSuccess: (raffle) => {
      showToast(t('raffles.created', { title: raffle.title }));
      void queryClient.invalidateQueries({ queryKey: referralKeys.raffles });
      onClose();
    },
  });
  // Each row shown holds a value ('' until typed), so an empty row is refused rather than left out.
  const addPrize = () => {
    form.setValue('prizes', [...form.getValues('prizes'), '']);
    setPrizeCount((n) => n + 1);
  };
  // The list keeps only the rows shown: a removed last row's amount is not sent.
  const removePrize = () => {
    form.setValue('prizes', form.getValues('prizes').slice(0, prizeCount - 1));
    setPrizeCount((n) => n - 1);
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !submit.busy && onClose()}
      title={t('raffles.newTitle')}
      description={t('raffles.newHint')}
      testId="raffle-dialog"
    >
      <form className="form" noValidate onSubmit={(event) => void submit.onSubmit(event)}>
        <div className="form__grid">
          <TextField
            label={t('raffles.fields.titleEN')}
            required
            testId="raffle-title-EN"
            error={submit.fieldError('title.EN')}
            {...form.register('title.EN')}
          />
          <TextField
            label={t('raffles.fields.titleTY')}
            testId="raffle-title-TY"
            hint={t('raffles.fields.titleTYHint')}
            error={submit.fieldError('title.TY')}
            {...form.register('title.TY')}
          />
          <SelectField
            label={t('raffles.fields.basis')}
            required
            testId="raffle-basis"
            options={RAFFLE_BASES.map((value) => ({ value, label: t(`raffles.bases.${value}`) }))}
            error={submit.fieldError('basis')}
            {...form.register('basis')}
          />
          <TextField
            label={t('raffles.fields.ticketUnit')}
            required
            inputMode="decimal"
            testId="raffle-ticket-unit"
            hint={t('raffles.fields.ticketUnitHint')}
            error={submit.fieldError('ticketUnit')}
            {...form.register('ticketUnit')}
          />
          <TextField
            label={t('raffles.fields.maxTickets')}
            required
            inputMode="numeric"
            testId="raffle-max-tickets"
            error={submit.fieldError('maxTicketsPerMember')}
            {...form.register('maxTicketsPerMember')}
          />
        </div>
        <fieldset className="referral__group" data-testid="raffle-prizes">
          <legend>{t('raffles.fields.prizes')}</legend>
          <div className="form__grid">
            {prizePaths.map((path, i) => (
              <TextField
                key={path}
                label={t('raffles.fields.prize', { rank: i + 1 })}
                required
                inputMode="decimal"
                testId={`raffle-prize-${i + 1}`}
                error={submit.fieldError(path)}
                {...form.register(`prizes.${i}`)}
              />
            ))}
          </div>
          <FormError message={submit.fieldError('prizes') ?? null} testId="raffle-prizes-error" />
          <div className="referral__row-actions">
            <button
              type="button"
              className="button button--ghost button--small"
              disabled={prizeCount >= MAX_PRIZES}
              onClick={addPrize}
            >
              {t('raffles.addPrize')}
            </button>
            <button
              type="button"
              className="button button--ghost button--small"
              disabled={prizeCount <= 1}
              onClick={removePrize}
            >
              {t('raffles.removePrize')}
            </button>
          </div>
        </fieldset>
        <fieldset className="referral__group">
          <legend>{t('raffles.fields.times')}</legend>
          <p className="field__hint" data-testid="raffle-zone">
            {t('raffles.zoneHint', { zone: timeZone })}
          </p>
          <div className="form__grid">
            {TIMES.map((name) => (
              <TextField
                key={name}
                label={t(`raffles.fields.${name}`)}
                type="datetime-local"
                required
                testId={`raffle-${name}`}
                error={submit.fieldError(name)}
                {...form.register(name)}
              />
            ))}
          </div>
        </fieldset>
        <FormError message={submit.formError} testId="raffle-form-error" />
        <SubmitButton busy={submit.busy} label={t('raffles.create')} testId="raffle-submit" block />
      </form>
    </Dialog>
  );
}
