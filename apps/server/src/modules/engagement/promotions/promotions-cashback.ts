import type { Database } from '../../../db/database';
import type { Clock } from '../../../lib/clock';
import { audienceOf } from './promotions.audience';
import { promotionsRepository, type CashbackTerms, type PromotionRow } from './promotions.repository';

export type { CashbackTerms } from './promotions.repository';

export type CashbackPromotion = PromotionRow & { cashback: CashbackTerms };

/** How far back a cashback promotion that ended still pays its last windows. */
const ENDED_LOOKBACK_MS = 15 * 86_400_000;

type DbRow = { id: string; window: 'DAILY' | 'WEEKLY'; pay_as: 'BONUS' | 'CASH'; min_loss: string };

/**
 * Cashback promotions for the cashback job (engagement/cashback, ADR 0043): the promotions module owns the table, so it
 * answers which promotions pay cashback, their terms, and whether a member is in a promotion's audience.
 */
export const promotionsCashbackFactory = (deps: { db: Database; now: Clock }) => {
  const { db, now } = deps;
  const repo = promotionsRepository(db);
  const eligible = audienceOf(repo, now);
  return {
    /** Merchants with a cashback promotion running (or ended lately), and the business day now in each one's zone. */
    merchants: async (): Promise<{ merchantId: number; today: string }[]> => {
      const at = new Date(now());
      const { rows } = await db.query<{ merchant_id: number; today: string }>(
        `SELECT d.id AS merchant_id, (($1::timestamptz) AT TIME ZONE d.timezone)::date::text AS today
         FROM merchant_directory d
         WHERE EXISTS (SELECT 1 FROM promotions p WHERE p.merchant_id = d.id AND p.kind = 'CASHBACK'
                         AND p.status = 'ACTIVE' AND p.starts_at <= $1 AND (p.ends_at IS NULL OR p.ends_at > $2))
         ORDER BY d.id`,
        [at, new Date(at.getTime() - ENDED_LOOKBACK_MS)],
      );
      return rows.map((row) => ({ merchantId: Number(row.merchant_id), today: row.today }));
    },

    /** The merchant's active cashback promotions that started and have not ended long ago, with their terms. */
    promotions: async (merchantId: number): Promise<CashbackPromotion[]> => {
      const at = new Date(now());
      const { rows } = await db.query<DbRow>(
        `SELECT id::text, cashback_window AS window, cashback_pay_as AS pay_as, cashback_min_loss_minor::text AS min_loss
         FROM promotions
         WHERE merchant_id = $1 AND kind = 'CASHBACK' AND status = 'ACTIVE' AND starts_at <= $2
           AND (ends_at IS NULL OR ends_at > $3)
         ORDER BY id`,
        [merchantId, at, new Date(at.getTime() - ENDED_LOOKBACK_MS)],
      );
      const result: CashbackPromotion[] = [];
      for (const row of rows) {
        const p = await repo.transaction((tx) => repo.lockOne(tx, merchantId, BigInt(row.id)));
        if (p === undefined) continue;
        const cashback = { window: row.window, payAs: row.pay_as, minLossMinor: BigInt(row.min_loss) };
        result.push({ ...p, id: BigInt(p.id), cashback });
      }
      return result;
    },

    /**
     * Whether the member is in the promotion's audience (everyone, new members, an agent's team); a VIP_LEVELS audience
     * is decided by the caller, who knows the member's level.
     */
    inAudience: async (merchantId: number, p: PromotionRow, memberId: bigint): Promise<boolean> => {
      const member = await repo.member(merchantId, memberId);
      return member !== undefined && (await eligible(merchantId, p, memberId, member));
    },

    /** Sets a cashback promotion's terms (demo data and tests; the back office writes them with the promotion). */
    setTerms: async (merchantId: number, promotionId: bigint, terms: CashbackTerms): Promise<void> => {
      await db.query(
        `UPDATE promotions SET cashback_window = $3, cashback_pay_as = $4, cashback_min_loss_minor = $5
         WHERE merchant_id = $1 AND id = $2 AND kind = 'CASHBACK'`,
        [merchantId, promotionId, terms.window, terms.payAs, terms.minLossMinor.toString()],
      );
    },
  };
};

export type PromotionsCashback = ReturnType<typeof promotionsCashbackFactory>;
