import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  CASHBACK_PAY_AS,
  CASHBACK_WINDOWS,
  GAME_TYPES,
  PROMOTION_KINDS,
  PROMOTION_AUDIENCES,
  type OpsPromotion,
} from '@platform/contracts';
import { Dialog } from '@/components/dialog';
import { FormError, SelectField, SubmitButton, TextAreaField, TextField } from '@/components/form-fields';
import { useFormSubmit, useZodForm } from '@/lib/form';
import { showToast } from '@/lib/toast';
import { createPromotion, promotionKeys, updatePromotion } from '../api/promotions-api';
import { isCashbackKind, isDepositKind, PromotionFormSchema, promotionFormOf } from './promotion-form';

/**
 * Create or edit a promotion (issue 20): kind, titles and terms in EN and TY, audience, schedule, limits, the reward
 * (a fixed bonus, or a percentage of the deposit up to a cap) and the wagering terms its grants carry: turnover
 * multiple, game-type weights, maximum bet, conversion cap, expiry and what a withdrawal while wagering does.
 * A cashback (ADR 0043) has its own terms instead: the rate of the net loss, the cap per member and window, the window,
 * cash or a bonus with turnover, and the smallest loss that pays; claim limits and the grant's wagering rules do not
 * apply to it (the reward centre pays it once per window, a bonus with its turnover only), so they are not shown.
 */
export function PromotionDialog({ promotion, onClose }: { promotion: OpsPromotion | null; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useZodForm(PromotionFormSchema, promotionFormOf(promotion));
  const submit = useFormSubmit(
    form,
    (values) => (promotion ? updatePromotion(promotion.id, values) : createPromotion(values)),
    {
      onSuccess: (saved) => {
        void queryClient.invalidateQueries({ queryKey: promotionKeys.list });
        showToast(t(promotion ? 'promotions.updated' : 'promotions.created', { title: saved.title.EN }));
        onClose();
      },
    },
  );
  const kind = form.watch('kind');
  const deposit = isDepositKind(kind);
  const cashback = isCashbackKind(kind);
  const paysBonus = !cashback || form.watch('cashbackPayAs') === 'BONUS';
  const audience = form.watch('audience');
  const options = (values: readonly string[], prefix: string) =>
    values.map((value) => ({ value, label: t(`${prefix}.${value}`) }));
  const field = (name: Parameters<typeof form.register>[0], label: string, extra: object = {}) => (
    <TextField
      label={t(label)}
      testId={`promotion-${name.replace('.', '-')}`}
      error={submit.fieldError(name)}
      {...extra}
      {...form.register(name)}
    />
  );
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !submit.busy && onClose()}
      title={t(promotion ? 'promotions.editTitle' : 'promotions.createTitle')}
      description={t('promotions.formHint')}
      className="dialog--wide"
      testId="promotion-dialog"
    >
      <form className="form" noValidate onSubmit={(event) => void submit.onSubmit(event)}>
        <div className="form__grid promotions__grid">
          <SelectField
            label={t('promotions.fields.kind')}
            required
            testId="promotion-kind"
            options={options(PROMOTION_KINDS, 'promotions.kinds')}
            error={submit.fieldError('kind')}
            {...form.register('kind')}
          />
          <SelectField
            label={t('promotions.fields.audience')}
            testId="promotion-audience"
            options={options(PROMOTION_AUDIENCES, 'promotions.audiences')}
            error={submit.fieldError('audience')}
            {...form.register('audience')}
          />
          {audience === 'VIP_LEVELS' &&
            field('audienceLevels', 'promotions.fields.audienceLevels', {
              required: true,
              hint: t('promotions.fields.audienceLevelsHint'),
            })}
          {audience === 'AGENT_TEAM' && field('audienceAgent', 'promotions.fields.audienceAgent', { required: true })}
        </div>
        <div className="form__grid promotions__grid">
          {field('title.EN', 'promotions.fields.titleEn', { required: true })}
          {field('title.TY', 'promotions.fields.titleTy')}
        </div>
        <div className="form__grid promotions__grid">
          <TextAreaField
            label={t('promotions.fields.termsEn')}
            testId="promotion-terms-EN"
            rows={2}
            error={submit.fieldError('terms.EN')}
            {...form.register('terms.EN')}
          />
          <TextAreaField
            label={t('promotions.fields.termsTy')}
            testId="promotion-terms-TY"
            rows={2}
            error={submit.fieldError('terms.TY')}
            {...form.register('terms.TY')}
          />
        </div>
        <div className="form__grid promotions__grid">
          {field('startsAt', 'promotions.fields.startsAt', { type: 'datetime-local' })}
          {field('endsAt', 'promotions.fields.endsAt', { type: 'datetime-local', hint: t('promotions.endsAtHint') })}
          {!cashback && (
            <>
              {field('perMemberLimit', 'promotions.fields.perMemberLimit', { inputMode: 'numeric', required: true })}
              {field('totalLimit', 'promotions.fields.totalLimit', {
                inputMode: 'numeric',
                hint: t('promotions.noLimit'),
              })}
            </>
          )}
        </div>
        <fieldset className="promotions__fieldset">
          <legend>{t('promotions.reward')}</legend>
          {cashback && <p className="field__hint">{t('promotions.cashbackHint')}</p>}
          <div className="form__grid promotions__grid">
            {cashback ? (
              <>
                {field('percent', 'promotions.fields.cashbackPercent', {
                  inputMode: 'decimal',
                  required: true,
                  hint: t('promotions.fields.cashbackPercentHint'),
                })}
                {field('maxBonus', 'promotions.fields.cashbackCap', {
                  inputMode: 'decimal',
                  hint: t('promotions.noLimit'),
                })}
                <SelectField
                  label={t('promotions.fields.cashbackWindow')}
                  testId="promotion-cashbackWindow"
                  options={options(CASHBACK_WINDOWS, 'promotions.cashbackWindows')}
                  error={submit.fieldError('cashbackWindow')}
                  {...form.register('cashbackWindow')}
                />
                <SelectField
                  label={t('promotions.fields.cashbackPayAs')}
                  testId="promotion-cashbackPayAs"
                  options={options(CASHBACK_PAY_AS, 'promotions.cashbackPayAs')}
                  error={submit.fieldError('cashbackPayAs')}
                  {...form.register('cashbackPayAs')}
                />
                {field('cashbackMinLoss', 'promotions.fields.cashbackMinLoss', {
                  inputMode: 'decimal',
                  hint: t('promotions.fields.cashbackMinLossHint'),
                })}
              </>
            ) : deposit ? (
              <>
                {field('percent', 'promotions.fields.percent', { inputMode: 'decimal', required: true })}
                {field('maxBonus', 'promotions.fields.maxBonus', {
                  inputMode: 'decimal',
                  hint: t('promotions.noLimit'),
                })}
                {field('minDeposit', 'promotions.fields.minDeposit', { inputMode: 'decimal' })}
                <SelectField
                  label={t('promotions.fields.turnoverBase')}
                  testId="promotion-turnoverBase"
                  options={options(['BONUS', 'DEPOSIT_AND_BONUS'], 'promotions.turnoverBases')}
                  error={submit.fieldError('turnoverBase')}
                  {...form.register('turnoverBase')}
                />
              </>
            ) : (
              field('bonus', 'promotions.fields.bonus', { inputMode: 'decimal', required: true })
            )}
            {paysBonus &&
              field('turnoverMultiple', 'promotions.fields.turnoverMultiple', { inputMode: 'numeric', required: true })}
            {!cashback && (
              <>
                {field('maxBet', 'promotions.fields.maxBet', { inputMode: 'decimal', hint: t('promotions.noLimit') })}
                {field('maxConversion', 'promotions.fields.maxConversion', {
                  inputMode: 'decimal',
                  hint: t('promotions.noLimit'),
                })}
                {field('expiryHours', 'promotions.fields.expiryHours', { inputMode: 'numeric', required: true })}
                <SelectField
                  label={t('promotions.fields.onWithdraw')}
                  testId="promotion-onWithdraw"
                  options={options(['FORFEIT', 'REFUSE'], 'promotions.onWithdraw')}
                  error={submit.fieldError('onWithdraw')}
                  {...form.register('onWithdraw')}
                />
              </>
            )}
          </div>
        </fieldset>
        {!cashback && (
          <fieldset className="promotions__fieldset">
            <legend>{t('promotions.weights')}</legend>
            <p className="field__hint">{t('promotions.weightsHint')}</p>
            <div className="promotions__weights">
              {field('defaultWeight', 'promotions.fields.defaultWeight', { inputMode: 'numeric', required: true })}
              {GAME_TYPES.map((type) => (
                <TextField
                  key={type}
                  label={t(`promotions.gameTypes.${type}`)}
                  inputMode="numeric"
                  placeholder={form.watch('defaultWeight')}
                  testId={`promotion-weight-${type}`}
                  error={submit.fieldError(`weights.${type}`)}
                  {...form.register(`weights.${type}`)}
                />
              ))}
            </div>
          </fieldset>
        )}
        <FormError message={submit.formError} testId="promotion-form-error" />
        <div className="dialog__actions">
          <button type="button" className="button button--ghost" disabled={submit.busy} onClick={onClose}>
            {t('common.cancel')}
          </button>
          <SubmitButton busy={submit.busy} label={t('common.save')} testId="promotion-submit" />
        </div>
      </form>
    </Dialog>
  );
}
