import { formatMoney, isAgentType, type OpsPromotion, type OpsPromotionInput } from '@platform/contracts';
import type { Queryable } from '../../../db/database';
import { AppError } from '../../../lib/app-error';
import type { Merchant } from '../../platform/merchant';
import type { AuditAction } from '../../operations/audit';
import type { StaffCaller } from '../../operations/staff';
import { parseFieldAmount } from '../../money/wallet';
import type { OpsPromotionRow, PromotionTerms, PromotionsOpsRepository } from './promotions-ops.repository';
import { NO_CASHBACK_TERMS, type CashbackTerms, type PromotionsRepository } from './promotions.repository';

const notFound = () => new AppError('PROMOTION_NOT_FOUND', 404, 'No such promotion');

/** An amount of the form, its field named in the answer so the form shows the message under it. */
const amountIn = (text: string | null, merchant: Merchant, path: string): bigint | null => {
  if (text === null) return null;
  return parseFieldAmount(text, merchant, path);
};

/** A cashback's own terms; its minimum loss may be empty or zero (any loss pays). */
const cashbackOf = (input: OpsPromotionInput, merchant: Merchant): CashbackTerms => {
  const minLoss = input.cashbackMinLoss;
  const none = minLoss === null || /^0+(\.0+)?$/.test(minLoss);
  return {
    window: input.cashbackWindow,
    payAs: input.cashbackPayAs,
    minLossMinor: none ? 0n : parseFieldAmount(minLoss, merchant, 'cashbackMinLoss'),
  };
};

/**
 * The form's terms in the table's units (basis points, minor units). A deposit bonus is a percentage of the deposit up
 * to a cap; a cashback a rate of the net loss up to a cap per member and window, with its own terms (a cash cashback
 * has no turnover); the others a fixed bonus.
 */
export const termsOf = (input: OpsPromotionInput, merchant: Merchant): PromotionTerms => {
  const deposit = input.kind === 'FIRST_DEPOSIT' || input.kind === 'RELOAD';
  const cashback = input.kind === 'CASHBACK' ? cashbackOf(input, merchant) : NO_CASHBACK_TERMS;
  const byPercent = deposit || input.kind === 'CASHBACK';
  const title: Record<string, string> = { EN: input.title.EN };
  if (input.title.TY) title.TY = input.title.TY;
  const terms: Record<string, string> = { EN: input.terms.EN };
  if (input.terms.TY) terms.TY = input.terms.TY;
  return {
    kind: input.kind,
    title,
    terms,
    bannerUrl: null,
    audience: input.audience,
    audienceLevels: input.audience === 'VIP_LEVELS' ? [...new Set(input.audienceLevels)].sort((a, b) => a - b) : [],
    audienceAgentId: null,
    newMemberDays: 7,
    startsAt: new Date(input.startsAt),
    endsAt: input.endsAt === null ? null : new Date(input.endsAt),
    perMemberLimit: input.perMemberLimit,
    totalLimit: input.totalLimit,
    bonusFixedMinor: byPercent ? 0n : (amountIn(input.bonus, merchant, 'bonus') ?? 0n),
    bonusPercentBp: byPercent ? Math.round((input.percent ?? 0) * 100) : 0,
    bonusMaxMinor: byPercent ? amountIn(input.maxBonus, merchant, 'maxBonus') : null,
    minDepositMinor: input.kind === 'CASHBACK' ? 0n : (amountIn(input.minDeposit, merchant, 'minDeposit') ?? 0n),
    turnoverMultiple: cashback.payAs === 'CASH' ? 0 : input.turnoverMultiple,
    turnoverBase: deposit ? input.turnoverBase : 'BONUS',
    weights: input.weights,
    defaultWeight: input.defaultWeight,
    maxBetMinor: amountIn(input.maxBet, merchant, 'maxBet'),
    maxConversionMinor: amountIn(input.maxConversion, merchant, 'maxConversion'),
    expiryHours: input.expiryHours,
    onWithdraw: input.onWithdraw,
    cashback,
  };
};

export const opsPromotionWire = (p: OpsPromotionRow, merchant: Merchant): OpsPromotion => {
  const money = (minor: bigint | null) => (minor === null ? null : formatMoney(minor, merchant.currencyScale));
  const cashback = p.kind === 'CASHBACK';
  const byPercent = p.kind === 'FIRST_DEPOSIT' || p.kind === 'RELOAD' || cashback;
  return {
    id: p.id.toString(),
    kind: p.kind,
    title: { EN: p.title.EN ?? Object.values(p.title)[0] ?? '', ...(p.title.TY ? { TY: p.title.TY } : {}) },
    terms: { EN: p.terms.EN ?? '', ...(p.terms.TY ? { TY: p.terms.TY } : {}) },
    audience: p.audience,
    audienceLevels: p.audienceLevels.map(Number),
    audienceAgent: p.audience === 'AGENT_TEAM' ? p.audienceAgent : null,
    status: p.status,
    startsAt: p.startsAt.toISOString(),
    endsAt: p.endsAt?.toISOString() ?? null,
    perMemberLimit: p.perMemberLimit,
    totalLimit: p.totalLimit,
    claimedCount: p.claimedCount,
    bonus: byPercent ? null : money(p.bonusFixedMinor),
    percent: byPercent ? p.bonusPercentBp / 100 : null,
    maxBonus: money(p.bonusMaxMinor),
    minDeposit: money(p.minDepositMinor),
    turnoverMultiple: p.turnoverMultiple,
    turnoverBase: p.turnoverBase,
    weights: p.weights,
    defaultWeight: p.defaultWeight,
    maxBet: money(p.maxBetMinor),
    maxConversion: money(p.maxConversionMinor),
    expiryHours: p.expiryHours,
    onWithdraw: p.onWithdraw,
    cashbackWindow: cashback ? p.cashback.window : null,
    cashbackPayAs: cashback ? p.cashback.payAs : null,
    cashbackMinLoss: cashback ? money(p.cashback.minLossMinor) : null,
  };
};

/** The audit's view of a promotion: its terms without the long texts. */
const audited = (p: OpsPromotion) => {
  const { terms: _terms, claimedCount: _claimed, ...rest } = p;
  return rest;
};

/**
 * Promotions in the back office (issue 20): list, create, edit the terms, suspend and resume. Each change writes its
 * audit entry in the transaction that makes it. Grants already paid keep the terms they were paid with.
 */
export const promotionsOpsServiceFactory = (deps: {
  repo: PromotionsOpsRepository;
  insert: PromotionsRepository['insert'];
  audit: (tx: Queryable, caller: StaffCaller, entry: AuditAction) => Promise<void>;
}) => {
  const { repo, audit } = deps;

  /** AGENT_TEAM: the agent named on the form (an unknown name, or a member who is no agent, is refused). */
  const agentOf = async (merchant: Merchant, input: OpsPromotionInput): Promise<bigint | null> => {
    if (input.audience !== 'AGENT_TEAM' || input.audienceAgent === null) return null;
    const agent = await repo.memberByUsername(merchant.id, input.audienceAgent);
    if (agent === undefined || !isAgentType(Number(agent.userType))) {
      throw new AppError('AGENT_NOT_FOUND', 404, 'No such agent', {
        value: { fields: [{ path: 'audienceAgent', message: 'No such agent' }] },
      });
    }
    return BigInt(agent.id);
  };

  const load = async (merchant: Merchant, id: bigint, q?: Queryable, lock = false) => {
    const row = await repo.one(merchant.id, id, q, lock);
    if (row === undefined) throw notFound();
    return row;
  };

  return {
    list: async (merchant: Merchant) => ({
      list: (await repo.all(merchant.id)).map((p) => opsPromotionWire(p, merchant)),
    }),

    create: async (caller: StaffCaller, input: OpsPromotionInput): Promise<OpsPromotion> => {
      const { merchant } = caller;
      const terms = { ...termsOf(input, merchant), audienceAgentId: await agentOf(merchant, input) };
      return repo.transaction(async (tx) => {
        const id = await deps.insert(merchant.id, { ...terms, status: 'ACTIVE' }, tx);
        const created = opsPromotionWire(await load(merchant, id, tx), merchant);
        await audit(tx, caller, {
          ...{ action: 'promotion.create', targetType: 'promotion', targetId: id.toString() },
          ...{ before: null, after: audited(created) },
        });
        return created;
      });
    },

    update: async (caller: StaffCaller, id: bigint, input: OpsPromotionInput): Promise<OpsPromotion> => {
      const { merchant } = caller;
      const terms = { ...termsOf(input, merchant), audienceAgentId: await agentOf(merchant, input) };
      return repo.transaction(async (tx) => {
        const before = opsPromotionWire(await load(merchant, id, tx, true), merchant);
        await repo.update(tx, merchant.id, id, terms);
        const after = opsPromotionWire(await load(merchant, id, tx), merchant);
        await audit(tx, caller, {
          ...{ action: 'promotion.update', targetType: 'promotion', targetId: id.toString() },
          ...{ before: audited(before), after: audited(after) },
        });
        return after;
      });
    },

    /** Suspends (STOPPED: no new claims, applications or deposit bonuses) or resumes a promotion. */
    setStatus: async (caller: StaffCaller, id: bigint, status: 'ACTIVE' | 'STOPPED'): Promise<OpsPromotion> => {
      const { merchant } = caller;
      return repo.transaction(async (tx) => {
        const before = await load(merchant, id, tx, true);
        if (before.status !== status) {
          await repo.setStatus(tx, merchant.id, id, status);
          await audit(tx, caller, {
            ...{ action: status === 'STOPPED' ? 'promotion.suspend' : 'promotion.resume', targetType: 'promotion' },
            ...{ targetId: id.toString(), before: { status: before.status }, after: { status } },
          });
        }
        return opsPromotionWire(await load(merchant, id, tx), merchant);
      });
    },

    image: async (merchant: Merchant, claimId: bigint, position: number) => {
      const image = await repo.image(merchant.id, claimId, position);
      if (image === undefined) throw new AppError('NOT_FOUND', 404, 'No such image');
      return image;
    },
  };
};

export type PromotionsOpsService = ReturnType<typeof promotionsOpsServiceFactory>;
