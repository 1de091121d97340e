import { useTranslation } from 'react-i18next';
import type { Verification, VerifyOutcome } from '../utils/run-verify';
import type { VerifyForm } from '../utils/verify-form';
import { CrashOutcome, DiceOutcome, MinesOutcome, PlinkoOutcome } from './verify-outcomes';
import { SlotOutcome } from './slot-outcome';

function Outcome({ outcome, form, scale }: { outcome: VerifyOutcome; form: VerifyForm; scale: number }) {
  switch (outcome.family) {
    case 'slot':
      return <SlotOutcome round={outcome.round} scale={scale} />;
    case 'dice':
      return <DiceOutcome outcome={outcome} scale={scale} />;
    case 'mines':
      return <MinesOutcome outcome={outcome} scale={scale} />;
    case 'plinko':
      return <PlinkoOutcome outcome={outcome} scale={scale} />;
    case 'crash':
      return <CrashOutcome outcome={outcome} form={form} />;
  }
}

/** The recomputed outcome, or what is still missing; announced politely as it changes. */
export function VerifyResult({
  form,
  verification,
  scale,
}: {
  form: VerifyForm;
  verification: Verification;
  scale: number;
}) {
  const { t } = useTranslation();
  const { outcome, engineError } = verification;
  return (
    <section className="verify__result" data-testid="verify-result" data-family={form.family} aria-live="polite">
      <h2 className="verify__result-title">{t('verify.outcome')}</h2>
      {outcome ? (
        <Outcome outcome={outcome} form={form} scale={scale} />
      ) : (
        <p className="muted" data-testid="verify-waiting">
          {engineError ? t('verify.errors.engine', { reason: engineError }) : t('verify.waiting')}
        </p>
      )}
    </section>
  );
}
