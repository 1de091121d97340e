import { useTranslation } from 'react-i18next';
import { SelectField, TextField } from '@/components/form-field';
import { MINES_MAX, MINES_MIN, PLINKO_RISKS, type PlinkoRisk } from '@platform/game-math';
import type { HashCheck } from '../utils/run-verify';
import { PLINKO_ROW_CHOICES, type VerifyForm } from '../utils/verify-form';

type FieldsProps = {
  form: VerifyForm;
  change: <K extends keyof VerifyForm>(key: K, value: VerifyForm[K]) => void;
  /** The translated error of a field, if it has one. */
  error: (key: keyof VerifyForm) => string | undefined;
};

/** Seeds and hashes are typed or pasted exactly: no capitals, corrections or suggestions. */
const CODE_INPUT = { autoComplete: 'off', autoCapitalize: 'off', autoCorrect: 'off', spellCheck: false } as const;

const MINE_CHOICES = Array.from({ length: MINES_MAX - MINES_MIN + 1 }, (_, index) => MINES_MIN + index);

export function SeedFields({ form, change, error, hash }: FieldsProps & { hash: HashCheck | null }) {
  const { t } = useTranslation();
  return (
    <fieldset className="verify__group">
      <legend>{t('verify.seeds')}</legend>
      <TextField
        label={t('verify.fields.serverSeed')}
        testId="verify-server-seed"
        className="field__control verify__code"
        value={form.serverSeed}
        error={error('serverSeed')}
        onChange={(event) => change('serverSeed', event.target.value)}
        {...CODE_INPUT}
      />
      <TextField
        label={t('verify.fields.serverSeedHash')}
        testId="verify-server-seed-hash"
        className="field__control verify__code"
        value={form.serverSeedHash}
        onChange={(event) => change('serverSeedHash', event.target.value)}
        {...CODE_INPUT}
      />
      {hash && (
        <p
          className={`verify__hash ${hash.match === false ? 'verify__hash--bad' : hash.match ? 'verify__hash--good' : ''}`}
          role="status"
          data-testid="verify-hash-status"
          data-match={hash.match === null ? 'none' : String(hash.match)}
        >
          {hash.match === null
            ? t('verify.hash.computed')
            : hash.match
              ? t('verify.hash.match')
              : t('verify.hash.mismatch')}
          <code className="verify__code-line">{hash.computed}</code>
        </p>
      )}
      <TextField
        label={t('verify.fields.clientSeed')}
        testId="verify-client-seed"
        className="field__control verify__code"
        value={form.clientSeed}
        error={error('clientSeed')}
        onChange={(event) => change('clientSeed', event.target.value)}
        {...CODE_INPUT}
      />
      <TextField
        label={t('verify.fields.nonce')}
        testId="verify-nonce"
        inputMode="numeric"
        value={form.nonce}
        error={error('nonce')}
        onChange={(event) => change('nonce', event.target.value)}
        {...CODE_INPUT}
      />
    </fieldset>
  );
}

function BetField({ form, change, error }: FieldsProps) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t('verify.fields.bet')}
      testId="verify-bet"
      inputMode="decimal"
      value={form.bet}
      error={error('bet')}
      onChange={(event) => change('bet', event.target.value)}
    />
  );
}

/** The round's choices, per game. */
export function GameFields(props: FieldsProps) {
  const { t } = useTranslation();
  const { form, change, error } = props;
  return (
    <fieldset className="verify__group">
      <legend>{t('verify.settings')}</legend>
      {form.family === 'slot' && (
        <TextField
          label={t('verify.fields.lineBet')}
          testId="verify-line-bet"
          inputMode="decimal"
          value={form.lineBet}
          error={error('lineBet')}
          onChange={(event) => change('lineBet', event.target.value)}
        />
      )}
      {form.family === 'dice' && (
        <>
          <TextField
            label={t('verify.fields.target')}
            testId="verify-target"
            inputMode="decimal"
            value={form.target}
            error={error('target')}
            onChange={(event) => change('target', event.target.value)}
          />
          <SelectField
            label={t('verify.fields.direction')}
            testId="verify-over"
            value={form.over ? 'over' : 'under'}
            onChange={(event) => change('over', event.target.value === 'over')}
            options={[
              { value: 'over', label: t('verify.dice.over') },
              { value: 'under', label: t('verify.dice.under') },
            ]}
          />
          <BetField {...props} />
        </>
      )}
      {form.family === 'mines' && (
        <>
          <SelectField
            label={t('verify.fields.mineCount')}
            testId="verify-mine-count"
            value={form.mineCount}
            onChange={(event) => change('mineCount', event.target.value)}
            options={MINE_CHOICES.map((count) => ({ value: String(count), label: String(count) }))}
          />
          <TextField
            label={t('verify.fields.picks')}
            testId="verify-picks"
            value={form.picks}
            error={error('picks')}
            onChange={(event) => change('picks', event.target.value)}
            {...CODE_INPUT}
          />
          <BetField {...props} />
        </>
      )}
      {form.family === 'plinko' && (
        <>
          <SelectField
            label={t('verify.fields.rows')}
            testId="verify-rows"
            value={form.rows}
            onChange={(event) => change('rows', event.target.value)}
            options={PLINKO_ROW_CHOICES.map((rows) => ({ value: String(rows), label: String(rows) }))}
          />
          <SelectField
            label={t('verify.fields.risk')}
            testId="verify-risk"
            value={form.risk}
            onChange={(event) => change('risk', event.target.value as PlinkoRisk)}
            options={PLINKO_RISKS.map((risk) => ({ value: risk, label: t(`verify.plinko.risks.${risk}`) }))}
          />
          <BetField {...props} />
        </>
      )}
    </fieldset>
  );
}

/** Crash rounds come from a published hash chain, not from seeds. */
export function CrashFields({ form, change, error }: FieldsProps) {
  const { t } = useTranslation();
  return (
    <fieldset className="verify__group">
      <legend>{t('verify.crash.chain')}</legend>
      <TextField
        label={t('verify.fields.roundHash')}
        testId="verify-round-hash"
        className="field__control verify__code"
        value={form.roundHash}
        error={error('roundHash')}
        onChange={(event) => change('roundHash', event.target.value)}
        {...CODE_INPUT}
      />
      <TextField
        label={t('verify.fields.salt')}
        testId="verify-salt"
        className="field__control verify__code"
        value={form.salt}
        error={error('salt')}
        onChange={(event) => change('salt', event.target.value)}
        {...CODE_INPUT}
      />
      <TextField
        label={t('verify.fields.terminatingHash')}
        testId="verify-terminating-hash"
        className="field__control verify__code"
        value={form.terminatingHash}
        error={error('terminatingHash')}
        onChange={(event) => change('terminatingHash', event.target.value)}
        {...CODE_INPUT}
      />
    </fieldset>
  );
}
