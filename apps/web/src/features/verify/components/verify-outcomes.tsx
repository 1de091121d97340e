import { useTranslation } from 'react-i18next';
import { MINES_TILES, plinkoPayoutsE4 } from '@platform/game-math';
import { useChainCheck } from '../utils/crash-chain';
import { hundredths, moneyText, multiplierText } from '../utils/format';
import type { VerifyOutcome } from '../utils/run-verify';
import type { VerifyForm } from '../utils/verify-form';

type Of<F extends VerifyOutcome['family']> = Extract<VerifyOutcome, { family: F }>;

export function DiceOutcome({ outcome, scale }: { outcome: Of<'dice'>; scale: number }) {
  const { t } = useTranslation();
  const { result, target, over } = outcome;
  return (
    <div className="verify-dice">
      <p className="verify__big" data-testid="verify-dice-roll">
        {hundredths(result.roll)}
      </p>
      <p>{t(over ? 'verify.dice.needOver' : 'verify.dice.needUnder', { target: hundredths(target) })}</p>
      <p className={result.win ? 'verify__good' : 'verify__bad'} data-testid="verify-dice-verdict">
        {result.win
          ? t('verify.dice.win', {
              multiplier: multiplierText(result.multiplierE4),
              amount: moneyText(result.payoutMinor, scale),
            })
          : t('verify.dice.lose')}
      </p>
    </div>
  );
}

const tileState = (tile: number, mines: Set<number>, order: Map<number, number>, hitAt: number | null) => {
  const pick = order.get(tile);
  if (pick !== undefined && mines.has(tile)) return 'hit';
  if (pick !== undefined && (hitAt === null || pick < hitAt)) return 'safe';
  if (mines.has(tile)) return 'mine';
  return 'empty';
};

export function MinesOutcome({ outcome, scale }: { outcome: Of<'mines'>; scale: number }) {
  const { t } = useTranslation();
  const { reveal, picks } = outcome;
  const mines = new Set(reveal.mines);
  const order = new Map(picks.map((tile, index) => [tile, index] as const));
  const hitAt = reveal.hitMine ? reveal.safePicks : null;
  return (
    <div className="verify-mines">
      <div
        className="verify-mines__board"
        role="img"
        aria-label={t('verify.mines.boardLabel', { tiles: reveal.mines.join(', ') })}
        data-testid="verify-mines-board"
      >
        {Array.from({ length: MINES_TILES }, (_, tile) => {
          const state = tileState(tile, mines, order, hitAt);
          const pick = order.get(tile);
          return (
            <span
              key={tile}
              className={`verify-mines__tile verify-mines__tile--${state}`}
              data-testid={`verify-mine-${tile}`}
              data-state={state}
            >
              <span className="verify-mines__index">{tile}</span>
              {state === 'mine' || state === 'hit' ? '✸' : pick !== undefined ? `#${pick + 1}` : ''}
            </span>
          );
        })}
      </div>
      <p data-testid="verify-mines-positions">{t('verify.mines.positions', { tiles: reveal.mines.join(', ') })}</p>
      <p className={reveal.hitMine ? 'verify__bad' : 'verify__good'} data-testid="verify-mines-verdict">
        {reveal.hitMine
          ? t('verify.mines.hit', { pick: reveal.safePicks + 1 })
          : reveal.safePicks === 0
            ? t('verify.mines.noPicks')
            : t('verify.mines.safe', {
                count: reveal.safePicks,
                multiplier: multiplierText(reveal.multiplierE4),
                amount: moneyText(outcome.payoutMinor, scale),
              })}
      </p>
    </div>
  );
}

export function PlinkoOutcome({ outcome, scale }: { outcome: Of<'plinko'>; scale: number }) {
  const { t } = useTranslation();
  const { result, rows, risk } = outcome;
  const table = plinkoPayoutsE4(rows, risk);
  return (
    <div className="verify-plinko">
      <p className="verify__path" data-testid="verify-plinko-path" aria-label={t('verify.plinko.pathLabel')}>
        {result.path.map((direction, row) => (
          <span key={row} className="verify-plinko__step" title={t(`verify.plinko.${direction}`)}>
            {direction === 'L' ? '↙' : '↘'}
          </span>
        ))}
      </p>
      <ol className="verify-plinko__buckets" aria-label={t('verify.plinko.bucketsLabel')}>
        {table.map((multiplierE4, bucket) => (
          <li
            key={bucket}
            className={`verify-plinko__bucket${bucket === result.bucket ? ' verify-plinko__bucket--hit' : ''}`}
            aria-current={bucket === result.bucket ? 'true' : undefined}
          >
            {multiplierText(multiplierE4)}
          </li>
        ))}
      </ol>
      <p className="verify__headline" data-testid="verify-plinko-bucket">
        {t('verify.plinko.bucket', {
          bucket: result.bucket,
          multiplier: multiplierText(result.multiplierE4),
          amount: moneyText(result.payoutMinor, scale),
        })}
      </p>
    </div>
  );
}

function ChainStatus({ form }: { form: VerifyForm }) {
  const { t } = useTranslation();
  const check = useChainCheck(form.roundHash, form.terminatingHash);
  switch (check.state) {
    case 'idle':
      return <p className="muted">{t('verify.crash.noTerminating')}</p>;
    case 'running':
      return (
        <p role="status">
          {t('verify.crash.checking', { steps: check.steps.toLocaleString(), max: check.maxSteps.toLocaleString() })}
          <progress className="verify__progress" max={check.maxSteps} value={check.steps} />
        </p>
      );
    case 'found':
      return <p className="verify__good">{t('verify.crash.round', { round: check.round.toLocaleString() })}</p>;
    case 'notFound':
      return <p className="verify__bad">{t('verify.crash.notFound', { max: check.maxSteps.toLocaleString() })}</p>;
  }
}

export function CrashOutcome({ outcome, form }: { outcome: Of<'crash'>; form: VerifyForm }) {
  const { t } = useTranslation();
  return (
    <div className="verify-crash">
      <p className="verify__big" data-testid="verify-crash-point">
        {t('verify.crash.point', { point: hundredths(outcome.pointE2) })}
      </p>
      <div data-testid="verify-crash-round">
        <ChainStatus form={form} />
      </div>
    </div>
  );
}
