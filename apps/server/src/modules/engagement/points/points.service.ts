import {
  formatMoney,
  RedeemRequestSchema,
  type ConvertRequest,
  type ConvertResult,
  type PointsConfig,
  type PointsTransactionPage,
  type RedeemRequest,
  type Redemption,
} from '@platform/contracts';
import { AppError } from '../../../lib/app-error';
import type { Clock } from '../../../lib/clock';
import { decodeSqlError } from '../../../lib/sql-errors';
import type { Session } from '../../identity/identity';
import type { Merchant } from '../../platform/merchant';
import type { BonusWalletService } from '../bonus-wallet';
import type { PointsLedger } from './points.ledger';
import type { MallItemRow, PointsRepository, RedemptionRow } from './points.repository';
import { itemWire, redemptionWire } from './points.wire';

/** A bonus bought in the mall is wagered within this many days. */
const BONUS_EXPIRY_MS = 7 * 86_400_000;
const LIST_SIZE = 50;

export type PointsServiceDeps = {
  repo: PointsRepository;
  ledger: PointsLedger;
  bonus: Pick<BonusWalletService, 'grant'>;
  checkPaymentPassword: (session: Session, password: string) => Promise<void>;
  now: Clock;
};

const itemNotFound = () => new AppError('MALL_ITEM_NOT_FOUND', 404, 'No such item');
const outOfStock = () => new AppError('MALL_OUT_OF_STOCK', 409, 'This item is out of stock');

/** Whole minor units of cash for `points` at `perUnit` points per major unit (rounded down). */
export const cashForPoints = (points: bigint, perUnit: number, scale: number): bigint =>
  (points * 10n ** BigInt(scale)) / BigInt(perUnit);

/**
 * The member's points mall (domain-rules §4.7, ADR 0046). A redemption takes the stock and writes its row in one
 * transaction that locks the item (so fifty buyers of the last item leave the stock at zero, never below), then spends
 * the points on the ledger under `mall-redeem:<id>`; a refusal there (not enough points) deletes the row and returns
 * the stock, so a refused redemption leaves nothing. Bonus and cash items are paid at once (approved); goods wait in
 * process for staff, and a rejection refunds the points (`mall-refund:<id>`).
 */
export const pointsServiceFactory = ({ repo, ledger, bonus, checkPaymentPassword, now }: PointsServiceDeps) => {
  /** Takes the stock and writes the row, or refuses; nothing is written when it refuses. */
  const reserve = async (merchant: Merchant, memberId: bigint, body: ReturnType<typeof RedeemRequestSchema.parse>) =>
    repo.transaction(async (tx) => {
      const item = await repo.item(merchant.id, BigInt(body.itemId), tx, true);
      if (item?.status !== 'ACTIVE') throw itemNotFound();
      if (
        item.perMemberLimit !== null &&
        (await repo.countOf(tx, merchant.id, memberId, item.id)) >= item.perMemberLimit
      ) {
        throw new AppError('MALL_LIMIT_REACHED', 409, 'You have redeemed this item as often as allowed');
      }
      if (!(await repo.takeStock(tx, merchant.id, item.id))) throw outOfStock();
      const address = item.kind === 'GOODS' ? body.address : null;
      const row = await repo.insertRedemption(tx, merchant.id, {
        ...{ memberId, requestId: body.requestId, item, address },
        now: new Date(now()),
      });
      return { item, row };
    });

  const undo = (merchant: Merchant, row: RedemptionRow) =>
    repo.transaction(async (tx) => {
      await repo.deleteRedemption(tx, merchant.id, row.id);
      await repo.returnStock(tx, merchant.id, row.itemId);
    });

  /** Pays a bonus item (a grant with the item's turnover); a refused grant refunds the points and rejects the row. */
  const payBonus = async (merchant: Merchant, item: MallItemRow, row: RedemptionRow) => {
    try {
      await bonus.grant(merchant.id, row.memberId, `mall:${row.id}`, {
        amountMinor: item.valueMinor,
        turnoverBase: 'BONUS',
        turnoverMultiple: item.turnoverMultiple,
        expiresAt: new Date(now() + BONUS_EXPIRY_MS),
      });
    } catch (error) {
      const reason = error instanceof AppError ? error.code : 'BONUS_REFUSED';
      await repo.transaction(async (tx) => {
        if (await repo.decide(tx, merchant.id, row.id, { status: 'REJECTED', reason, by: null, at: new Date(now()) })) {
          await repo.returnStock(tx, merchant.id, row.itemId);
        }
      });
      await refund(merchant, row);
      throw error;
    }
  };

  /** Refunds a rejected redemption's points once (by key), and only when they were spent. */
  const refund = async (merchant: Merchant, row: RedemptionRow): Promise<void> => {
    if (!(await ledger.isPosted(merchant.id, `mall-redeem:${row.id}`))) return;
    await ledger.credit(merchant, row.memberId, {
      key: `mall-refund:${row.id}`,
      points: row.points,
      reference: `refund #${row.id} ${row.itemName}`.slice(0, 200),
      code: 'REFUND',
    });
  };

  const redeem = async (merchant: Merchant, session: Session, input: RedeemRequest): Promise<Redemption> => {
    const body = RedeemRequestSchema.parse(input);
    const memberId = session.memberId;
    await checkPaymentPassword(session, body.paymentPassword);
    const replay = await repo.byRequest(merchant.id, memberId, body.requestId);
    if (replay !== undefined) {
      if (replay.itemId.toString() !== body.itemId) {
        throw new AppError('IDEMPOTENCY_CONFLICT', 409, 'This request id was used for another item');
      }
      return redemptionWire(replay);
    }
    const item = await repo.item(merchant.id, BigInt(body.itemId));
    if (item?.status !== 'ACTIVE') throw itemNotFound();
    if (item.kind === 'GOODS' && body.address === null) {
      throw new AppError('ADDRESS_REQUIRED', 400, 'A delivery address is needed for this item');
    }
    if ((await ledger.balance(merchant, memberId)) < item.pricePoints)
      throw new AppError('POINTS_INSUFFICIENT', 409, 'Not enough points');
    if (item.stock !== null && item.stock < 1) throw outOfStock();
    let reserved: Awaited<ReturnType<typeof reserve>>;
    try {
      reserved = await reserve(merchant, memberId, body);
    } catch (error) {
      // The same request id at once from two tabs: the first row stands, the second answers it.
      const first =
        decodeSqlError(error).kind === 'unique' && (await repo.byRequest(merchant.id, memberId, body.requestId));
      if (first) return redemptionWire(first);
      throw error;
    }
    const { row } = reserved;
    try {
      await ledger.spend(merchant, memberId, {
        key: `mall-redeem:${row.id}`,
        points: row.points,
        reference: `redeem #${row.id} ${row.itemName}`.slice(0, 200),
        ...(row.kind === 'CASH' ? { cashMinor: row.valueMinor } : {}),
      });
    } catch (error) {
      await undo(merchant, row);
      throw error;
    }
    if (row.kind === 'GOODS') return redemptionWire(row);
    if (row.kind === 'BONUS') await payBonus(merchant, reserved.item, row);
    await repo.transaction((tx) =>
      repo.decide(tx, merchant.id, row.id, { status: 'APPROVED', reason: null, by: null, at: new Date(now()) }),
    );
    return redemptionWire((await repo.redemption(merchant.id, row.id))!);
  };

  const convert = async (merchant: Merchant, session: Session, body: ConvertRequest): Promise<ConvertResult> => {
    await checkPaymentPassword(session, body.paymentPassword);
    const settings = await repo.settings(merchant.id);
    if (settings === undefined || settings.convertPointsPerUnit <= 0) {
      throw new AppError('POINTS_CONVERT_OFF', 409, 'Converting points is not available');
    }
    const points = BigInt(body.points);
    if (points < settings.convertMinPoints) {
      throw new AppError('POINTS_BELOW_MINIMUM', 400, `Convert at least ${settings.convertMinPoints} points`);
    }
    const cashMinor = cashForPoints(points, settings.convertPointsPerUnit, merchant.currencyScale);
    if (cashMinor <= 0n) throw new AppError('POINTS_BELOW_MINIMUM', 400, 'Too few points for the smallest coin');
    const memberId = session.memberId;
    const result = await ledger.spend(merchant, memberId, {
      key: `points-convert:${memberId}:${body.requestId}`,
      points,
      reference: 'convert to cash',
      cashMinor,
    });
    await repo.recordConversion(merchant.id, {
      memberId,
      requestId: body.requestId,
      points,
      cashMinor,
      now: new Date(now()),
    });
    return {
      points: points.toString(),
      cash: formatMoney(cashMinor, merchant.currencyScale),
      pointsAfter: (await ledger.balance(merchant, memberId)).toString(),
      replayed: result.replayed,
    };
  };

  return {
    balance: async (merchant: Merchant, memberId: bigint) => ({
      points: (await ledger.balance(merchant, memberId)).toString(),
    }),
    items: async (merchant: Merchant, language = merchant.defaultLanguage) => ({
      list: (await repo.items(merchant.id, true)).map((row) => itemWire(row, merchant.currencyScale, language)),
    }),
    redeem,
    redeems: async (merchant: Merchant, memberId: bigint, language = merchant.defaultLanguage) => ({
      list: (await repo.ofMember(merchant.id, memberId, LIST_SIZE)).map((row) => redemptionWire(row, language)),
    }),
    config: async (merchant: Merchant): Promise<PointsConfig> => {
      const [settings, rates] = await Promise.all([repo.settings(merchant.id), repo.rates(merchant.id)]);
      return {
        enabled: settings?.enabled ?? false,
        convertPointsPerUnit: settings?.convertPointsPerUnit ?? 0,
        convertMinPoints: (settings?.convertMinPoints ?? 0n).toString(),
        rates,
        expires: false,
      };
    },
    /** The POINTS account's transfers, newest first: the ledger is the detail (no copy of it is kept). */
    transactions: async (
      merchant: Merchant,
      memberId: bigint,
      query: { beforeId?: string | undefined; pageSize: number },
    ): Promise<PointsTransactionPage> => {
      const account = await ledger.existingAccount(merchant, memberId);
      if (account === null) return { list: [], nextBeforeId: null };
      const before = query.beforeId === undefined ? null : BigInt(query.beforeId);
      const page = await ledger.transfersOf(merchant.id, account, before, query.pageSize);
      return {
        list: page.items.map((t) => {
          const credit = t.creditAccountId === account;
          return {
            id: t.id.toString(),
            code: t.code,
            points: (credit ? t.amountMinor : -t.amountMinor).toString(),
            balanceAfter: (credit ? t.creditBalanceAfterMinor : t.debitBalanceAfterMinor).toString(),
            reference: t.reference,
            createdAt: t.createdAt.toISOString(),
          };
        }),
        nextBeforeId: page.nextBeforeId?.toString() ?? null,
      };
    },
    convert,
    refund,
    /** The reward centre's port: a reward paid in points credits the member's POINTS account once per key. */
    creditReward: async (merchant: Merchant, memberId: bigint, key: string, points: bigint, reference: string) => {
      const result = await ledger.credit(merchant, memberId, { key, points, reference });
      return result.transfers[0]?.id ?? null;
    },
  };
};

export type PointsService = ReturnType<typeof pointsServiceFactory>;
