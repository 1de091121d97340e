import { z } from 'zod';
import { GAME_TYPES, OpsVipLevelInputSchema, type OpsVipLevel, type OpsVipLevelInput } from '@platform/contracts';

/** The VIP level form (issue 20): every input holds text; the contracts' schema checks what it becomes. */
export type VipLevelForm = {
  level: string;
  name: { EN: string; TY: string };
  label: string;
  upgradeBasis: OpsVipLevelInput['upgradeBasis'];
  threshold: string;
  upgradeBonus: string;
  birthdayBonus: string;
  withdrawDailyCount: string;
  withdrawDailyMax: string;
  rebateRates: Record<string, string>;
};

export type VipLevelSubmit = OpsVipLevelInput & { level: number };

const ratesOf = (rates: Record<string, string>): Record<string, string> =>
  Object.fromEntries(
    Object.entries(rates)
      .filter(([, v]) => v.trim() !== '')
      .map(([k, v]) => [k, v.trim()]),
  );

const SubmitSchema = OpsVipLevelInputSchema.extend({
  level: z.number({ error: 'must be a level from 0 to 30' }).int().min(0).max(30),
});

export const VipLevelFormSchema = z
  .custom<VipLevelForm>()
  .transform((f) => ({
    level: f.level.trim() === '' ? NaN : Number(f.level),
    name: { EN: f.name.EN.trim(), ...(f.name.TY.trim() ? { TY: f.name.TY.trim() } : {}) },
    label: f.label,
    upgradeBasis: f.upgradeBasis,
    threshold: f.threshold.trim() === '' ? '0' : f.threshold,
    upgradeBonus: f.upgradeBonus.trim() === '' ? '0' : f.upgradeBonus,
    birthdayBonus: f.birthdayBonus.trim() === '' ? '0' : f.birthdayBonus,
    withdrawDailyCount: f.withdrawDailyCount.trim() === '' ? null : Number(f.withdrawDailyCount),
    withdrawDailyMax: f.withdrawDailyMax.trim() === '' ? null : f.withdrawDailyMax,
    rebateRates: ratesOf(f.rebateRates),
  }))
  .pipe(SubmitSchema as unknown as z.ZodType<VipLevelSubmit, VipLevelSubmit>) as unknown as z.ZodType<
  VipLevelSubmit,
  VipLevelForm
>;

export const vipLevelFormOf = (l: OpsVipLevel | null, nextLevel: number): VipLevelForm => ({
  level: String(l?.level ?? nextLevel),
  name: { EN: l?.name.EN ?? '', TY: l?.name.TY ?? '' },
  label: l?.label ?? `VIP${nextLevel}`,
  upgradeBasis: l?.upgradeBasis ?? 'VALID_BET',
  threshold: l?.threshold ?? '',
  upgradeBonus: l?.upgradeBonus ?? '0',
  birthdayBonus: l?.birthdayBonus ?? '0',
  withdrawDailyCount: l?.withdrawDailyCount === null || l === null ? '' : String(l.withdrawDailyCount),
  withdrawDailyMax: l?.withdrawDailyMax ?? '',
  rebateRates: Object.fromEntries(GAME_TYPES.map((type) => [type, l?.rebateRates[type] ?? ''])),
});

/** A level written back whole with other rebate rates (the rebate rates screen). */
export const withRates = (l: OpsVipLevel, rates: Record<string, string>): OpsVipLevelInput => ({
  name: l.name,
  label: l.label,
  upgradeBasis: l.upgradeBasis,
  threshold: l.threshold,
  upgradeBonus: l.upgradeBonus,
  birthdayBonus: l.birthdayBonus,
  withdrawDailyCount: l.withdrawDailyCount,
  withdrawDailyMax: l.withdrawDailyMax,
  rebateRates: ratesOf(rates),
});
