import { formatMoney } from '@platform/contracts';
import { SCALE } from './crash-fixture';
import { FIRST_MEANS_APPLIED, type Answer, type Op } from './crash-ops';
import { rowKey, SEAMLESS, type LedgerRow, type World } from './crash-world';

/**
 * The crash test's verdict (issue 4): each operation looked up in the database by its key, transaction id or order
 * number and checked against what its callers were told. An acknowledged operation is present, with the transfer, order
 * and balance it was acknowledged with; one present without an acknowledgement was sent by a request whose connection
 * died; no key moved money twice; nothing is there that no operation explains; and each member's balances are the sum
 * of the operations that landed, which is the sum of its transfers.
 */
type Purpose = 'CASH' | 'FROZEN';
/** Where an operation stands in the database. */
export type Landing = {
  /** Which request of the key is in (undefined: neither). */
  variant?: 0 | 1;
  /** Everything it promised is there (a decided withdrawal with its transfer, a paid deposit with its credit). */
  complete: boolean;
  /** The ledger rows it explains (`source|key`). */
  rows: string[];
  /** What an acknowledgement had to say. */
  ref?: string;
  balance?: string;
  /** What it moved on members' accounts. */
  effects: [memberId: bigint, purpose: Purpose, deltaMinor: bigint][];
};
const NONE: Landing = { complete: false, rows: [], effects: [] };
const money = (minor: bigint) => formatMoney(minor, SCALE);

/**
 * Reads one operation's rows out of the world, reporting what is wrong. `final`: after the re-send phase, when nothing
 * may be left half done (a withdrawal still holding, a paid order without its credit, a decision without its transfer).
 */
type Reader = {
  world: World;
  final: boolean;
  /** The rows of one key: more than one is a key applied twice. */
  rowsOf: (source: string, key: string) => LedgerRow[];
  account: (memberId: bigint, purpose: Purpose) => bigint | undefined;
  /** Which request of the operation asked for this amount. */
  variantOf: (amount: bigint) => 0 | 1 | undefined;
  expect: (what: string, ok: boolean) => void;
  problem: (text: string) => void;
};
type Of<K extends Op['kind']> = Extract<Op, { kind: K }>;

const adjustment = (op: Of<'adjust'>, r: Reader): Landing => {
  const row = r.rowsOf('ops.adjustment', op.key)[0];
  if (row === undefined) return NONE;
  const variant = r.variantOf(row.amount);
  const amount = op.amounts[variant ?? 0];
  const credit = op.direction === 'CREDIT';
  r.expect('moved another account', (credit ? row.credit : row.debit) === r.account(op.party.id, 'CASH'));
  return {
    variant,
    complete: true,
    rows: [rowKey('ops.adjustment', op.key)],
    ref: row.id,
    balance: money(credit ? row.creditAfter : row.debitAfter),
    effects: [[op.party.id, 'CASH', credit ? amount : -amount]],
  };
};

const transfer = (op: Of<'transfer'>, r: Reader): Landing => {
  // Keyed by the sender: its member id and its request id.
  const key = `${op.player.id}:${op.key}`;
  const row = r.rowsOf('wallet.transfer', key)[0];
  if (row === undefined) return NONE;
  const variant = r.variantOf(row.amount);
  const amount = op.amounts[variant ?? 0];
  r.expect('moved other accounts', row.debit === r.account(op.player.id, 'CASH'));
  r.expect('paid another member', row.credit === r.account(op.player.upline.id, 'CASH'));
  return {
    variant,
    complete: true,
    rows: [rowKey('wallet.transfer', key)],
    ref: row.id,
    balance: money(row.debitAfter),
    effects: [
      [op.player.id, 'CASH', -amount],
      [op.player.upline.id, 'CASH', amount],
    ],
  };
};

/** A bet, a win or a rollback: its vendor transaction, and the transfer it moved. */
const seamless = (op: Of<'bet' | 'win' | 'rollback'>, r: Reader): Landing => {
  const rows = r.rowsOf(SEAMLESS, op.key);
  const tx = r.world.vendorTx.get(op.key);
  const kind = { bet: 'BET', win: 'WIN', rollback: 'ROLLBACK' }[op.kind];
  if (tx === undefined || tx.status === 'TOMBSTONE') {
    r.expect('moved money without its vendor transaction', rows.length === 0);
    return NONE;
  }
  r.expect(`recorded as ${tx.kind}`, tx.kind === kind);
  // A bet always moves money; a win of 0 and a rollback of a bet that never came (a tombstone) move none.
  const row = rows[0];
  r.expect(`recorded ${tx.amount} but moved ${row?.amount ?? 0}`, (row?.amount ?? 0n) === tx.amount);
  if (row !== undefined) {
    r.expect(`moved as ${row.code}`, row.code === (op.kind === 'rollback' ? 'REFUND' : kind));
    r.expect('moved another account', (op.kind === 'bet' ? row.debit : row.credit) === r.account(op.player.id, 'CASH'));
    const after = op.kind === 'bet' ? row.debitAfter : row.creditAfter;
    r.expect('answered another balance than its transfer left', tx.balanceAfter === after);
  }
  if (op.kind === 'rollback') {
    const bet = r.world.vendorTx.get(op.bet);
    r.expect(
      `refunded ${tx.amount} for a bet that is ${bet?.status} of ${bet?.amount}`,
      tx.amount > 0n ? bet?.status === 'ROLLED_BACK' && bet.amount === tx.amount : bet?.status === 'TOMBSTONE',
    );
  }
  return {
    variant: op.kind === 'rollback' ? (tx.round === op.round ? 0 : 1) : r.variantOf(tx.amount),
    complete: true,
    rows: row === undefined ? [] : [rowKey(SEAMLESS, op.key)],
    ref: op.key,
    balance: tx.balanceAfter === null ? undefined : money(tx.balanceAfter),
    effects: [[op.player.id, 'CASH', op.kind === 'bet' ? -tx.amount : tx.amount]],
  };
};

const depositOrder = (op: Of<'depositOrder'>, r: Reader): Landing => {
  const order = r.world.deposits.find((o) => o.memberId === op.player.id && o.requestId === op.key);
  if (order === undefined) return NONE;
  return { variant: r.variantOf(order.amount), complete: true, rows: [], ref: order.orderNo, effects: [] };
};

/** The gateway's notification: the order PAID and credited once, the credit recorded on the order. */
const depositPaid = (op: Of<'depositPaid'>, r: Reader): Landing => {
  const order = r.world.deposits.find((o) => o.orderNo === op.key);
  const row = r.rowsOf('deposit', op.key)[0];
  if (order === undefined) {
    r.problem('the order is gone');
    return NONE;
  }
  if (row === undefined) {
    r.expect('PAID without its credit', !r.final || order.status !== 'PAID');
    r.expect(`${order.status} but marked credited`, order.transferId === null);
    return order.status === 'PAID' ? { ...NONE, variant: 0 } : NONE;
  }
  r.expect(`credited while ${order.status}`, order.status === 'PAID');
  r.expect('credited another account', row.code === 'DEPOSIT' && row.credit === r.account(op.player.id, 'CASH'));
  r.expect(`credited ${row.amount} for an order of ${order.amount}`, row.amount === order.amount);
  r.expect('another transfer recorded on the order', order.transferId === null || order.transferId === row.id);
  r.expect('the credit is not recorded on the order', !r.final || order.transferId === row.id);
  return {
    variant: 0,
    complete: order.transferId === row.id,
    rows: [rowKey('deposit', op.key)],
    ref: op.key,
    effects: [[op.player.id, 'CASH', order.amount]],
  };
};

/** The member's request: its order (the acknowledgement) and the hold of its money. */
const withdrawal = (op: Of<'withdraw'>, r: Reader): Landing => {
  const order = r.world.withdrawals.find((o) => o.memberId === op.player.id && o.requestId === op.key);
  if (order === undefined) return NONE;
  const hold = r.rowsOf('withdraw.hold', order.orderNo)[0];
  r.expect('still HOLDING after its request was sent again', !r.final || order.status !== 'HOLDING');
  const landing: Landing = {
    variant: r.variantOf(order.amount),
    complete: true,
    rows: [],
    ref: order.orderNo,
    effects: [],
  };
  if (hold === undefined) {
    r.expect(`${order.status} without its hold`, order.status === 'HOLDING');
    return landing;
  }
  r.expect('held from other accounts', hold.debit === r.account(op.player.id, 'CASH'));
  r.expect('held into another account', hold.credit === r.account(op.player.id, 'FROZEN'));
  r.expect(`held ${hold.amount} for an order of ${order.amount}`, hold.amount === order.amount);
  r.expect('another hold recorded on the order', order.status === 'HOLDING' || order.holdTransferId === hold.id);
  return {
    ...landing,
    rows: [rowKey('withdraw.hold', order.orderNo)],
    effects: [
      [op.player.id, 'CASH', -order.amount],
      [op.player.id, 'FROZEN', order.amount],
    ],
  };
};

/** The staff decision: claimed on the order once, then its payout (FROZEN → CASHIER) or release (FROZEN → CASH). */
const decision = (op: Of<'decide'>, r: Reader): Landing => {
  const order = r.world.withdrawals.find((o) => o.orderNo === op.key);
  const paid = r.rowsOf('withdraw.paid', op.key)[0];
  const released = r.rowsOf('withdraw.release', op.key)[0];
  if (order === undefined) {
    r.problem('the order is gone');
    return NONE;
  }
  r.expect('both paid and released', paid === undefined || released === undefined);
  if (order.status !== 'PAID' && order.status !== 'REJECTED') {
    r.expect(`money moved for a ${order.status} order`, paid === undefined && released === undefined);
    return NONE;
  }
  const payout = order.status === 'PAID';
  const row = payout ? paid : released;
  r.expect(`${order.status} without its transfer`, !r.final || row !== undefined);
  const variant = op.decisions[0] === order.status ? 0 : 1;
  if (row === undefined) return { ...NONE, variant };
  const other = payout ? r.world.cashier : r.account(op.player.id, 'CASH');
  r.expect('moved other accounts', row.debit === r.account(op.player.id, 'FROZEN') && row.credit === other);
  r.expect(`moved ${row.amount} for an order of ${order.amount}`, row.amount === order.amount);
  const frozen: Landing['effects'][number] = [op.player.id, 'FROZEN', -order.amount];
  return {
    variant,
    complete: true,
    rows: [rowKey(payout ? 'withdraw.paid' : 'withdraw.release', op.key)],
    ref: op.key,
    effects: payout ? [frozen] : [frozen, [op.player.id, 'CASH', order.amount]],
  };
};

const landingOf = (op: Op, r: Reader): Landing => {
  switch (op.kind) {
    case 'adjust':
      return adjustment(op, r);
    case 'transfer':
      return transfer(op, r);
    case 'bet':
    case 'win':
    case 'rollback':
      return seamless(op, r);
    case 'depositOrder':
      return depositOrder(op, r);
    case 'depositPaid':
      return depositPaid(op, r);
    case 'withdraw':
      return withdrawal(op, r);
    case 'decide':
      return decision(op, r);
  }
};

/** What was told against what is there, for one operation. */
const checkAnswers = (op: Op, answers: readonly Answer[], landing: Landing, problem: (text: string) => void) => {
  const acks = answers.filter((a) => a.outcome === 'ACK');
  if (FIRST_MEANS_APPLIED.has(op.kind) && acks.filter((a) => a.first === true).length > 1) {
    problem('applied by more than one request');
  }
  if (acks.length > 0) {
    if (landing.variant === undefined) problem('acknowledged but missing');
    else if (!landing.complete) problem('acknowledged but not complete');
    for (const ack of landing.variant === undefined ? [] : acks) {
      if (ack.variant !== landing.variant)
        problem(`acknowledged variant ${ack.variant}, variant ${landing.variant} is in`);
      if (ack.ref !== landing.ref) problem(`acknowledged as ${ack.ref}, ${landing.ref} is in`);
      if (landing.balance !== undefined && ack.balance !== landing.balance) {
        problem(`acknowledged with balance ${ack.balance}, its transfer left ${landing.balance}`);
      }
      if (op.kind === 'decide' && ack.status !== op.decisions[ack.variant]) problem(`acknowledged as ${ack.status}`);
    }
  } else if (landing.variant !== undefined) {
    // Present without an acknowledgement: only a request of that variant whose connection died can have done it.
    if (!answers.some((a) => a.variant === landing.variant && a.outcome === 'UNKNOWN')) {
      problem(`variant ${landing.variant} is in, but no request of it was lost`);
    }
  }
  if (op.kind === 'decide') {
    for (const answer of answers.filter((a) => a.variant === 1 && a.outcome.startsWith('REFUSED'))) {
      if (answer.outcome !== `REFUSED ORDER_STATE_INVALID:${op.decisions[0]}`) {
        problem(`the other decision: ${answer.outcome}`);
      }
    }
  }
};

/** Rows, vendor transactions and orders in the database that no operation of the load explains. */
const unexplained = (ops: ReadonlyMap<string, Op>, landings: ReadonlyMap<string, Landing>, world: World): string[] => {
  const problems: string[] = [];
  const claimed = new Set([...landings.values()].flatMap((landing) => landing.rows));
  for (const key of world.rows.keys()) if (!claimed.has(key)) problems.push(`a transfer no operation explains: ${key}`);
  for (const tx of world.vendorTx.keys()) {
    const kind = ops.get(tx)?.kind;
    if (kind !== 'bet' && kind !== 'win' && kind !== 'rollback')
      problems.push(`a vendor transaction nobody sent: ${tx}`);
  }
  for (const order of [...world.deposits, ...world.withdrawals]) {
    if (landings.get(order.requestId)?.ref !== order.orderNo)
      problems.push(`an order nobody asked for: ${order.orderNo}`);
  }
  return problems;
};

/** Each member account: its balance is the sum of its transfers, and what the landed operations add up to. */
const balanceProblems = (world: World, model: ReadonlyMap<string, bigint>): string[] => {
  const problems: string[] = [];
  const sums = new Map<bigint, bigint>();
  for (const rows of world.rows.values()) {
    for (const row of rows) {
      sums.set(row.credit, (sums.get(row.credit) ?? 0n) + row.amount);
      sums.set(row.debit, (sums.get(row.debit) ?? 0n) - row.amount);
    }
  }
  for (const [account, { id, balance }] of world.accounts) {
    if (balance !== (sums.get(id) ?? 0n))
      problems.push(`${account}: balance ${balance}, transfers ${sums.get(id) ?? 0n}`);
    if (balance !== (model.get(account) ?? 0n)) {
      problems.push(`${account}: balance ${balance}, the landed operations ${model.get(account) ?? 0n}`);
    }
  }
  for (const [account, expected] of model) {
    if (expected !== 0n && !world.accounts.has(account)) problems.push(`${account}: no account for ${expected}`);
  }
  return problems;
};

export type Verdict = { problems: string[]; landings: Map<string, Landing> };

/** Checks every operation, that nothing else is in the database, and every member balance. */
export const verifyWorld = (
  ops: ReadonlyMap<string, Op>,
  answers: ReadonlyMap<string, readonly Answer[]>,
  world: World,
  final: boolean,
): Verdict => {
  const problems: string[] = [];
  const landings = new Map<string, Landing>();
  const model = new Map<string, bigint>();
  for (const [key, op] of ops) {
    const told = answers.get(key) ?? [];
    const problem = (text: string) => problems.push(`${op.kind} ${key}: ${text} ${JSON.stringify(told)}`);
    const reader: Reader = {
      world,
      final,
      rowsOf: (source, rowKeyOf) => {
        const rows = world.rows.get(rowKey(source, rowKeyOf)) ?? [];
        if (rows.length > 1) problem(`${source} ${rowKeyOf} applied ${rows.length} times`);
        return rows;
      },
      account: (memberId, purpose) => world.accounts.get(`${memberId}:${purpose}`)?.id,
      variantOf: (amount) => {
        const variant = op.amounts[0] === amount ? 0 : op.amounts[1] === amount ? 1 : undefined;
        if (variant === undefined) problem(`amount ${amount} was never requested`);
        return variant;
      },
      expect: (what, ok) => {
        if (!ok) problem(what);
      },
      problem,
    };
    const landing = landingOf(op, reader);
    landings.set(key, landing);
    checkAnswers(op, told, landing, problem);
    for (const [memberId, purpose, delta] of landing.effects) {
      const account = `${memberId}:${purpose}`;
      model.set(account, (model.get(account) ?? 0n) + delta);
    }
  }
  problems.push(...unexplained(ops, landings, world), ...balanceProblems(world, model));
  return { problems, landings };
};
