import type { ContractType, TierValue } from '@platform/contracts';
import type { Database } from '../../../db/database';
import { createEventBus } from '../../../lib/event-bus';
import { manualClock } from '../../../lib/clock';
import { upsertVendor } from '../../../test/bets-helpers';
import { writeRound } from '../../../test/play-stats-helpers';
import { createPlayStatsModule } from '../../games/play-stats';
import { createLedgerModule } from '../../money/ledger';
import { createWalletModule } from '../../money/wallet';
import { createMerchantModule } from '../../platform/merchant';
import { createAgentTeamModule } from '../agent-team';
import { defaultPolicy, type Policy } from './agent-contract.types';
import { contractsRepository } from './contracts.repository';
import { createAgentContractModule, type SettlementFaults, type SettlementPorts } from './index';
import { contractPayments } from './payments';

/** Fixtures of the agent-contract tests: a merchant's tree, policies, contracts and rounds, and the pipeline. */

let seq = 0;
export const VENDOR = 'AC_V';

export const addMember = async (db: Database, merchantId: number, parentId: bigint | null, userType: number) => {
  seq += 1;
  const username = `ac${process.pid.toString(36)}${Date.now().toString(36)}${seq}`;
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO members (merchant_id, username, user_type, parent_id, password_hash, password_changed_at)
     VALUES ($1, $2, $3, $4, 'not-a-hash', now()) RETURNING id::text`,
    [merchantId, username, userType, parentId],
  );
  return { id: BigInt(rows[0]!.id), username };
};

export const setPolicy = async (db: Database, merchantId: number, type: ContractType, change: Partial<Policy> = {}) =>
  contractsRepository.setPolicy(
    db,
    merchantId,
    {
      ...defaultPolicy(type),
      enabled: true,
      topRateBps: 5_000,
      maxTierValidBetMinor: 10n ** 12n,
      maxTierActiveMembers: 1_000,
      ...change,
    },
    new Date(),
  );

/** One flat tier: `rateBps` from the first unit of valid bet. */
export const flat = (rateBps: number): TierValue[] => [{ minValidBetMinor: 0n, minActiveMembers: 0, rateBps }];

export const wireTiers = (tiers: TierValue[]) =>
  tiers.map((t) => ({
    minValidBet: (Number(t.minValidBetMinor) / 100).toFixed(2),
    minActiveMembers: t.minActiveMembers,
    rate: `${Math.trunc(t.rateBps / 100)}.${String(t.rateBps % 100).padStart(2, '0')}`,
  }));

/** The pipeline a settlement reads: play statistics, team rollups, the wallet, and the module under test. */
export const pipeline = (
  db: Database,
  startMs: number,
  options: { faults?: SettlementFaults; payMany?: SettlementPorts['payMany'] } = {},
) => {
  const clock = manualClock(startMs);
  const playStats = createPlayStatsModule({ db });
  const team = createAgentTeamModule({ db });
  const ledger = createLedgerModule({ db, groupCommit: false });
  const wallet = createWalletModule({ ledger: ledger.service, bus: createEventBus(() => undefined) });
  const merchants = createMerchantModule({ db, defaultMerchantCode: 'demo' }).service;
  const payments = contractPayments({ wallet: wallet.service, merchantById: merchants.byId });
  const module = createAgentContractModule({
    db,
    now: clock.now,
    ports: { teamsPlay: team.teamsPlay, payMany: options.payMany ?? payments.payMany },
    adjust: payments.adjust,
    ...(options.faults === undefined ? {} : { faults: options.faults }),
  });
  /** Takes every round in (three days back and more) and rolls the teams up, as the jobs do. */
  const rollUp = async () => {
    await playStats.rollUp(undefined, 90 * 24 * 60);
    await team.rollUp();
  };
  return { clock, module, rollUp, ledger, wallet, merchants };
};

let roundSeq = 0;
/** A settled round of `memberId`: stake and payout in minor units, settled at `settledAtMs`. */
export const playRound = async (
  db: Database,
  merchantId: number,
  memberId: bigint,
  stakeMinor: bigint,
  payoutMinor: bigint,
  settledAtMs: number,
) => {
  roundSeq += 1;
  await upsertVendor(db, merchantId, { code: VENDOR });
  await writeRound(db, merchantId, {
    roundId: `ac-${process.pid}-${roundSeq}-${settledAtMs}`,
    memberId,
    vendor: VENDOR,
    gameCode: 'ac-game',
    gameType: 'OTHER',
    stakeMinor,
    payoutMinor,
    status: 'SETTLED',
    play: false,
    startedAtMs: settledAtMs - 1_000,
    settledAtMs,
  });
};

/** What the ledger paid each agent under the contract source (sum of transfers to its cash). */
export const paidTo = async (
  db: Database,
  merchantId: number,
  agentId: bigint,
): Promise<{ total: bigint; count: number }> => {
  const { rows } = await db.query<{ total: string; n: string }>(
    `SELECT coalesce(sum(t.amount_minor), 0)::text AS total, count(*)::text AS n
     FROM ledger_transfers t JOIN ledger_accounts a ON a.merchant_id = t.merchant_id AND a.id = t.credit_account_id
     WHERE t.merchant_id = $1 AND t.source = 'agent-contract' AND a.owner_id = $2 AND a.purpose = 'CASH'`,
    [merchantId, agentId],
  );
  return { total: BigInt(rows[0]!.total), count: Number(rows[0]!.n) };
};
