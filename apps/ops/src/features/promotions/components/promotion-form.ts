import { z } from 'zod';
import { GAME_TYPES, OpsPromotionInputSchema, type OpsPromotion, type OpsPromotionInput } from '@platform/contracts';

/**
 * The promotion form (issue 20): every input holds text; `toInput` turns it into the contracts' OpsPromotionInput,
 * which is checked by the same schema the server parses, so a field's message lands under the same input either way.
 */
export type PromotionForm = {
  kind: OpsPromotionInput['kind'];
  title: { EN: string; TY: string };
  terms: { EN: string; TY: string };
  audience: OpsPromotionInput['audience'];
  /** VIP_LEVELS: level numbers separated by commas ("2, 3"). */
  audienceLevels: string;
  /** AGENT_TEAM: the agent's username. */
  audienceAgent: string;
  startsAt: string;
  endsAt: string;
  perMemberLimit: string;
  totalLimit: string;
  bonus: string;
  percent: string;
  maxBonus: string;
  minDeposit: string;
  turnoverMultiple: string;
  turnoverBase: OpsPromotionInput['turnoverBase'];
  weights: Record<string, string>;
  defaultWeight: string;
  maxBet: string;
  maxConversion: string;
  expiryHours: string;
  onWithdraw: OpsPromotionInput['onWithdraw'];
  /** CASHBACK: its window, how it pays, and the smallest net loss that pays (empty: any). */
  cashbackWindow: OpsPromotionInput['cashbackWindow'];
  cashbackPayAs: OpsPromotionInput['cashbackPayAs'];
  cashbackMinLoss: string;
};

export const isDepositKind = (kind: string) => kind === 'FIRST_DEPOSIT' || kind === 'RELOAD';
export const isCashbackKind = (kind: string) => kind === 'CASHBACK';

/** `<input type="datetime-local">` (local time) → ISO 8601; '' → null; anything else as typed (the schema refuses it). */
export const instantOf = (local: string): string | null => {
  if (local.trim() === '') return null;
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? local : date.toISOString();
};

/** ISO 8601 → the value of a datetime-local input in the browser's time zone. */
export const localInputOf = (iso: string | null): string => {
  if (iso === null) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  const day = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  return `${day}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
};

const text = (value: string): string | null => (value.trim() === '' ? null : value.trim());
/** '' → null; otherwise the number typed (text or a fraction fails the contracts' integer rules). */
const numberOrNull = (value: string): number | null => (value.trim() === '' ? null : Number(value));
const numberOf = (value: string): number => Number(value.trim() === '' ? NaN : value);

/**
 * What a cashback sends for the inputs its form does not show (claim limits and the grant's wagering rules do not apply
 * to it: the reward centre pays it once per window, a bonus with its turnover and a week to claim), so that text typed
 * there under another kind cannot refuse it under a field nobody sees.
 */
const CASHBACK_UNSHOWN = {
  ...{ perMemberLimit: 1, totalLimit: null, weights: {}, defaultWeight: 100 },
  ...{ maxBet: null, maxConversion: null, expiryHours: 168 },
} satisfies Partial<OpsPromotionInput>;

/**
 * A deposit bonus is a percentage of the deposit up to a cap; a cashback a rate of the net loss up to a cap per member
 * and window (a cash cashback has no turnover); the others a fixed bonus.
 */
export const toInput = (f: PromotionForm): OpsPromotionInput => {
  const deposit = isDepositKind(f.kind);
  const cashback = isCashbackKind(f.kind);
  const byPercent = deposit || cashback;
  const weights: Record<string, number> = {};
  for (const [type, value] of Object.entries(f.weights)) if (value.trim() !== '') weights[type] = Number(value);
  return {
    kind: f.kind,
    title: { EN: f.title.EN.trim(), ...(f.title.TY.trim() ? { TY: f.title.TY.trim() } : {}) },
    terms: { EN: f.terms.EN.trim(), ...(f.terms.TY.trim() ? { TY: f.terms.TY.trim() } : {}) },
    audience: f.audience,
    audienceLevels:
      f.audience === 'VIP_LEVELS'
        ? f.audienceLevels
            .split(',')
            .map((v) => v.trim())
            .filter((v) => v !== '')
            .map(Number)
        : [],
    audienceAgent: f.audience === 'AGENT_TEAM' ? text(f.audienceAgent) : null,
    startsAt: instantOf(f.startsAt) ?? new Date().toISOString(),
    endsAt: instantOf(f.endsAt),
    perMemberLimit: numberOf(f.perMemberLimit),
    totalLimit: numberOrNull(f.totalLimit),
    bonus: byPercent ? null : text(f.bonus),
    percent: byPercent ? numberOrNull(f.percent) : null,
    maxBonus: byPercent ? text(f.maxBonus) : null,
    minDeposit: deposit ? text(f.minDeposit) : null,
    turnoverMultiple: cashback && f.cashbackPayAs === 'CASH' ? 0 : numberOf(f.turnoverMultiple),
    turnoverBase: deposit ? f.turnoverBase : 'BONUS',
    weights,
    defaultWeight: numberOf(f.defaultWeight),
    maxBet: text(f.maxBet),
    maxConversion: text(f.maxConversion),
    expiryHours: numberOf(f.expiryHours),
    onWithdraw: f.onWithdraw,
    cashbackWindow: cashback ? f.cashbackWindow : 'DAILY',
    cashbackPayAs: cashback ? f.cashbackPayAs : 'BONUS',
    cashbackMinLoss: cashback ? text(f.cashbackMinLoss) : null,
    ...(cashback ? CASHBACK_UNSHOWN : {}),
  };
};

/** The form's schema: its text turned into the input, then the contracts' rules. */
export const PromotionFormSchema = z
  .custom<PromotionForm>()
  .transform(toInput)
  .pipe(OpsPromotionInputSchema as unknown as z.ZodType<OpsPromotionInput, OpsPromotionInput>) as unknown as z.ZodType<
  OpsPromotionInput,
  PromotionForm
>;

const str = (n: number | null) => (n === null ? '' : String(n));

export const promotionFormOf = (p: OpsPromotion | null): PromotionForm => ({
  kind: p?.kind ?? 'FREE',
  title: { EN: p?.title.EN ?? '', TY: p?.title.TY ?? '' },
  terms: { EN: p?.terms.EN ?? '', TY: p?.terms.TY ?? '' },
  audience: p?.audience ?? 'EVERYONE',
  audienceLevels: (p?.audienceLevels ?? []).join(', '),
  audienceAgent: p?.audienceAgent ?? '',
  startsAt: localInputOf(p?.startsAt ?? new Date().toISOString()),
  endsAt: localInputOf(p?.endsAt ?? null),
  perMemberLimit: str(p?.perMemberLimit ?? 1),
  totalLimit: str(p?.totalLimit ?? null),
  bonus: p?.bonus ?? '',
  percent: str(p?.percent ?? null),
  maxBonus: p?.maxBonus ?? '',
  minDeposit: p?.minDeposit ?? '',
  turnoverMultiple: str(p?.turnoverMultiple ?? 5),
  turnoverBase: p?.turnoverBase ?? 'BONUS',
  weights: Object.fromEntries(GAME_TYPES.map((type) => [type, str(p?.weights[type] ?? null)])),
  defaultWeight: str(p?.defaultWeight ?? 100),
  maxBet: p?.maxBet ?? '',
  maxConversion: p?.maxConversion ?? '',
  expiryHours: str(p?.expiryHours ?? 168),
  onWithdraw: p?.onWithdraw ?? 'FORFEIT',
  cashbackWindow: p?.cashbackWindow ?? 'DAILY',
  cashbackPayAs: p?.cashbackPayAs ?? 'BONUS',
  cashbackMinLoss: p?.cashbackMinLoss ?? '',
});
