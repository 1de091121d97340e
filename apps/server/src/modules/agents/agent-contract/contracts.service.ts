import { isAgentType, type ContractTier, type ContractType, type TierValue } from '@platform/contracts';
import type { Database, Queryable } from '../../../db/database';
import { AppError } from '../../../lib/app-error';
import type { Clock } from '../../../lib/clock';
import { defaultPolicy, type ContractRow, type Policy } from './agent-contract.types';
import { contractsRepository as repo } from './contracts.repository';
import { checkTierBounds, checkUnderUpline, endedByAcceptance, parseTiers } from './rules';

/**
 * Contract transitions (issue 19; spec §4, DESIGN.md §12): offers, answers, terminations and the cascade, for agents
 * and for staff. Every change of a merchant's contracts runs under one lock (they are rare and touch a subtree), and
 * tells each party through a row in agent_contract_events.
 */

/** Who acts: an agent (its member id) or the merchant's staff. */
export type Party = { kind: 'agent'; id: bigint } | { kind: 'staff'; name: string };

export const contractNotFound = () => new AppError('CONTRACT_NOT_FOUND', 404, 'There is no such contract');
const downlineNotFound = () => new AppError('DOWNLINE_NOT_FOUND', 404, 'There is no such account in your team');
const state = (message: string) => new AppError('CONTRACT_STATE', 409, message);
const disabled = () => new AppError('CONTRACT_TYPE_DISABLED', 403, 'This contract type is switched off');

export const policyOf = async (db: Queryable, merchantId: number, type: ContractType): Promise<Policy> =>
  (await repo.policies(db, merchantId)).find((policy) => policy.type === type) ?? defaultPolicy(type);

/** An offer made (after its commit): who holds it now. */
export type ContractOffered = { merchantId: number; holderId: bigint; contractId: bigint };

export const contractsServiceFactory = ({
  db,
  now,
  onOffered,
}: {
  db: Database;
  now: Clock;
  onOffered?: ((offer: ContractOffered) => void) | undefined;
}) => {
  const actorOf = async (tx: Queryable, merchantId: number, party: Party) =>
    party.kind === 'staff' ? 'staff' : repo.usernameOf(tx, merchantId, party.id);

  const tell = async (
    tx: Queryable,
    merchantId: number,
    contract: Pick<ContractRow, 'id' | 'holderId' | 'offeredById'>,
    kind: string,
    actor: string,
    note: string | null,
    at: Date,
  ) => {
    for (const recipientId of [contract.holderId, contract.offeredById]) {
      await repo.addEvent(tx, merchantId, { contractId: contract.id, kind, recipientId, actor, note }, at);
    }
  };

  /** Ends the contracts of the type below `agentId` that exceed `tiers` (spec §4); returns them. */
  const cascade = async (
    tx: Queryable,
    merchantId: number,
    agentId: bigint,
    type: ContractType,
    tiers: readonly TierValue[],
    at: Date,
  ): Promise<ContractRow[]> => {
    const ended = endedByAcceptance(tiers, await repo.openBelow(tx, merchantId, agentId, type));
    for (const contract of ended) {
      const status = contract.status === 'ACTIVE' ? 'TERMINATED' : 'WITHDRAWN';
      const reason = 'The upline agreed to a lower contract';
      await repo.setStatus(tx, merchantId, contract.id, status, at, reason);
      await tell(tx, merchantId, contract, 'DOWNLINE_ENDED', 'system', reason, at);
    }
    return ended;
  };

  /**
   * An offer to `username` (a direct downline agent of an agent, or a top-level agent for staff). Refusals (see
   * ContractOfferRequestSchema) write nothing.
   */
  const offer = async (
    merchant: { id: number; currencyScale: number },
    party: Party,
    request: { username: string; type: ContractType; tiers: readonly ContractTier[] },
  ): Promise<ContractRow> => {
    const merchantId = merchant.id;
    const policy = await policyOf(db, merchantId, request.type);
    if (!policy.enabled) throw disabled();
    const tiers = parseTiers(request.tiers, merchant.currencyScale);
    checkTierBounds(tiers, policy);
    const target = await repo.findMember(db, merchantId, request.username, party.kind === 'agent' ? party.id : null);
    if (party.kind === 'agent') {
      if (target === undefined || target.depth === null || target.depth === 0) throw downlineNotFound();
      if (target.depth !== 1 || !isAgentType(target.userType)) {
        throw new AppError('CONTRACT_DIRECT_ONLY', 409, 'Contracts go to a direct downline agent');
      }
    } else {
      if (target === undefined) throw new AppError('DOWNLINE_NOT_FOUND', 404, 'There is no such agent');
      if (!isAgentType(target.userType) || target.parentId !== null) {
        throw new AppError('CONTRACT_DIRECT_ONLY', 409, 'The merchant offers contracts to top-level agents only');
      }
    }
    const at = new Date(now());
    const id = await db.transaction(async (tx) => {
      await repo.lockMerchant(tx, merchantId);
      if (party.kind === 'agent') {
        const own = await repo.current(tx, merchantId, party.id, request.type, 'ACTIVE');
        if (own === undefined || (!policy.downlineMayOffer && own.offeredById !== null)) {
          throw new AppError('CONTRACT_OFFER_NOT_ALLOWED', 403, 'You may not offer this contract type');
        }
        checkUnderUpline(tiers, own.tiers);
      }
      if ((await repo.current(tx, merchantId, target.id, request.type, 'OFFERED')) !== undefined) {
        throw new AppError('CONTRACT_OFFER_PENDING', 409, 'An offer of this type already waits for an answer');
      }
      const offeredById = party.kind === 'agent' ? party.id : null;
      const created = await repo.insert(
        tx,
        merchantId,
        { type: request.type, holderId: target.id, offeredById, tiers },
        policy.period,
        at,
      );
      const actor = await actorOf(tx, merchantId, party);
      await repo.addEvent(
        tx,
        merchantId,
        { contractId: created, kind: 'OFFERED', recipientId: target.id, actor, note: null },
        at,
      );
      return created;
    });
    onOffered?.({ merchantId, holderId: target.id, contractId: id });
    return (await repo.byId(db, merchantId, id)) as ContractRow;
  };

  /** The holder accepts an offer: it replaces the active one, and ends the downline contracts above it. */
  const accept = async (merchantId: number, holderId: bigint, id: bigint, note: string | null) => {
    const at = new Date(now());
    return db.transaction(async (tx) => {
      await repo.lockMerchant(tx, merchantId);
      const contract = await repo.byId(tx, merchantId, id);
      if (contract === undefined || contract.holderId !== holderId) throw contractNotFound();
      if (contract.status !== 'OFFERED') throw state('Only an open offer can be accepted');
      if (!(await policyOf(tx, merchantId, contract.type)).enabled) throw disabled();
      if (contract.offeredById !== null) {
        const upline = await repo.current(tx, merchantId, contract.offeredById, contract.type, 'ACTIVE');
        if (upline === undefined) throw state('The upline no longer holds a contract of this type');
        checkUnderUpline(contract.tiers, upline.tiers);
      }
      const actor = contract.holder;
      const old = await repo.current(tx, merchantId, holderId, contract.type, 'ACTIVE');
      if (old !== undefined) {
        await repo.setStatus(tx, merchantId, old.id, 'REPLACED', at, `Replaced by version ${contract.version}`);
        await tell(tx, merchantId, old, 'REPLACED', actor, null, at);
      }
      await repo.setStatus(tx, merchantId, id, 'ACTIVE', at, null);
      await tell(tx, merchantId, contract, 'ACCEPTED', actor, note, at);
      const ended = await cascade(tx, merchantId, holderId, contract.type, contract.tiers, at);
      return { contract: (await repo.byId(tx, merchantId, id)) as ContractRow, replaced: old?.id ?? null, ended };
    });
  };

  const reject = async (merchantId: number, holderId: bigint, id: bigint, note: string | null) =>
    db.transaction(async (tx) => {
      await repo.lockMerchant(tx, merchantId);
      const contract = await repo.byId(tx, merchantId, id);
      if (contract === undefined || contract.holderId !== holderId) throw contractNotFound();
      if (contract.status !== 'OFFERED') throw state('Only an open offer can be rejected');
      const at = new Date(now());
      await repo.setStatus(tx, merchantId, id, 'REJECTED', at, note);
      await tell(tx, merchantId, contract, 'REJECTED', contract.holder, note, at);
      return (await repo.byId(tx, merchantId, id)) as ContractRow;
    });

  /**
   * Either party (or staff) ends an ACTIVE contract, which also ends the contracts of the type below its holder (they
   * would exceed a holder without one); the offerer's (or staff's) call on an open offer withdraws it.
   */
  const terminate = async (merchantId: number, party: Party, id: bigint, note: string | null) =>
    db.transaction(async (tx) => {
      await repo.lockMerchant(tx, merchantId);
      const contract = await repo.byId(tx, merchantId, id);
      const isHolder = party.kind === 'agent' && contract?.holderId === party.id;
      const isOfferer = party.kind === 'staff' || (contract !== undefined && contract.offeredById === party.id);
      if (contract === undefined || (!isHolder && !isOfferer)) throw contractNotFound();
      const at = new Date(now());
      const actor = await actorOf(tx, merchantId, party);
      if (contract.status === 'ACTIVE') {
        await repo.setStatus(tx, merchantId, id, 'TERMINATED', at, note);
        await tell(tx, merchantId, contract, 'TERMINATED', actor, note, at);
        await cascade(tx, merchantId, contract.holderId, contract.type, [], at);
      } else if (contract.status === 'OFFERED' && isOfferer) {
        await repo.setStatus(tx, merchantId, id, 'WITHDRAWN', at, note);
        await tell(tx, merchantId, contract, 'WITHDRAWN', actor, note, at);
      } else {
        throw state('Only an active contract can be terminated, or an open offer withdrawn by its offerer');
      }
      return (await repo.byId(tx, merchantId, id)) as ContractRow;
    });

  return { offer, accept, reject, terminate };
};

export type ContractsService = ReturnType<typeof contractsServiceFactory>;
