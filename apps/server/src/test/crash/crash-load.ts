import type { CrashFixture, Party, Player } from './crash-fixture';
import {
  classify,
  KINDS,
  requestOf,
  type Answer,
  type Decision,
  type Kind,
  type Op,
  type OpContext,
} from './crash-ops';
import type { CrashableServer } from './crash-support';

/**
 * The crash test's load (issue 4): the operations sent, every answer to them, and the flows a client runs. A flow is
 * what one caller does: a vendor's round (a bet, then its win or rollback; a bet whose answer was lost is retried or
 * rolled back), a deposit (the member's order, then the gateway's notification), a withdrawal (the member's request,
 * then the staff decision), an adjustment or a transfer to the upline. A client whose connection died retries half the
 * time, as a real one would. Besides the flows, a client retries a random operation with its key and request, sends the
 * same key with another request, or sends one new request twice at once.
 */
export const lost = (answer: Answer) => answer.outcome === 'UNKNOWN' || answer.outcome === 'NOT_SENT';

export const crashLoad = (deps: { fx: CrashFixture; ctx: OpContext; server: CrashableServer; rand: () => number }) => {
  const { fx, ctx, server, rand } = deps;
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)]!;
  const between = (min: number, max: number) => BigInt(min + Math.floor(rand() * (max - min + 1)));

  const ops = new Map<string, Op>();
  const answers = new Map<string, Answer[]>();
  const keys: string[] = [];
  /** Keys whose request (variant 0) was acknowledged: the targets of the same key with another request. */
  const acknowledged: string[] = [];
  const requests = new Map<Kind, number>(KINDS.map((kind) => [kind, 0]));
  const counters = { requests: 0, retries: 0, conflicts: 0, twins: 0 };

  const send = async (key: string, variant: 0 | 1): Promise<Answer> => {
    const op = ops.get(key)!;
    counters.requests += 1;
    requests.set(op.kind, requests.get(op.kind)! + 1);
    const answer = classify(op, variant, await server.call(await requestOf(op, variant, ctx)));
    const list = answers.get(key) ?? [];
    if (answer.outcome === 'ACK' && variant === 0 && !list.some((a) => a.outcome === 'ACK')) acknowledged.push(key);
    list.push(answer);
    answers.set(key, list);
    return answer;
  };
  const sendRetrying = async (key: string): Promise<Answer> => {
    const answer = await send(key, 0);
    return lost(answer) && rand() < 0.5 ? send(key, 0) : answer;
  };

  let seq = 0;
  const tag = Math.floor(rand() * 36 ** 6).toString(36);
  const newKey = (prefix: string) => {
    seq += 1;
    return `crash-${prefix}-${tag}-${seq}`;
  };
  const add = (op: Op): string => {
    ops.set(op.key, op);
    keys.push(op.key);
    return op.key;
  };
  /** Variant 1 of an amount: one minor unit more. */
  const plus = (minor: bigint) => [minor, minor + 1n] as const;

  const adjustment = (party: Party, direction: 'CREDIT' | 'DEBIT', minor: bigint) =>
    add({ kind: 'adjust', key: newKey('adj'), party, direction, amounts: plus(minor) });
  const anyAdjustment = () =>
    adjustment(
      rand() < 0.8 ? pick(fx.players) : pick(fx.agents),
      rand() < 0.55 ? 'CREDIT' : 'DEBIT',
      between(1, 5_000),
    );
  const bet = (player: Player) =>
    add({ kind: 'bet', key: newKey('bet'), player, round: newKey('round'), amounts: plus(between(1, 2_000)) });
  const transfer = (player: Player) =>
    add({ kind: 'transfer', key: newKey('tr'), player, amounts: plus(between(1, 3_000)) });
  const withdrawal = (player: Player) =>
    add({ kind: 'withdraw', key: newKey('wd'), player, amounts: plus(between(100, 5_000)) });
  const depositOrder = (player: Player) =>
    add({ kind: 'depositOrder', key: newKey('dep'), player, amounts: plus(between(100, 10_000)) });

  const round = async () => {
    const placed = ops.get(bet(pick(fx.players))) as Extract<Op, { kind: 'bet' }>;
    const answer = await sendRetrying(placed.key);
    const settle = rand();
    const settlement = { player: placed.player, round: placed.round, bet: placed.key };
    if (answer.outcome === 'ACK' && settle < 0.7) {
      const win = rand() < 0.3 ? 0n : between(1, 2 * Number(placed.amounts[0]));
      await sendRetrying(add({ kind: 'win', key: newKey('win'), ...settlement, amounts: plus(win) }));
    } else if ((answer.outcome === 'ACK' && settle < 0.85) || (lost(answer) && settle < 0.7)) {
      // A vendor that never learnt whether its bet landed cancels it: the rollback refunds it or leaves a tombstone.
      await sendRetrying(add({ kind: 'rollback', key: newKey('rb'), ...settlement, amounts: [0n, 0n] }));
    }
  };

  const deposit = async () => {
    const order = ops.get(depositOrder(pick(fx.players))) as Extract<Op, { kind: 'depositOrder' }>;
    const answer = await sendRetrying(order.key);
    const { ref: orderNo, gatewayOrderId } = answer;
    if (answer.outcome !== 'ACK' || orderNo === undefined || gatewayOrderId === undefined || ops.has(orderNo)) return;
    if (rand() < 0.15) return; // some never pay
    const { player } = order;
    await sendRetrying(
      add({ kind: 'depositPaid', key: orderNo, player, gatewayOrderId, amounts: plus(order.amounts[0]) }),
    );
  };

  const withdraw = async () => {
    const request = ops.get(withdrawal(pick(fx.players))) as Extract<Op, { kind: 'withdraw' }>;
    const answer = await sendRetrying(request.key);
    const orderNo = answer.ref;
    if (answer.outcome !== 'ACK' || orderNo === undefined || ops.has(orderNo)) return;
    if (rand() < 0.25) return; // some wait in the queue
    const decisions: [Decision, Decision] = rand() < 0.6 ? ['PAID', 'REJECTED'] : ['REJECTED', 'PAID'];
    const amount = request.amounts[0];
    await sendRetrying(
      add({ kind: 'decide', key: orderNo, player: request.player, decisions, amounts: [amount, amount] }),
    );
  };

  /** One step of a client. */
  const step = async (): Promise<void> => {
    const r = rand();
    if (r < 0.07) {
      counters.retries += 1;
      await send(pick(keys), 0); // the same key and request again, acknowledged or not
    } else if (r < 0.12) {
      counters.conflicts += 1;
      await send(pick(acknowledged), 1); // the same key with another request: must be refused
    } else if (r < 0.15) {
      counters.twins += 1; // one new request sent twice at once: the two race on its key
      const player = pick(fx.players);
      const key = pick([anyAdjustment, () => bet(player), () => transfer(player), () => withdrawal(player)])();
      await Promise.all([send(key, 0), send(key, 0)]);
    } else if (r < 0.25) await sendRetrying(anyAdjustment());
    else if (r < 0.55) await round();
    else if (r < 0.7) await deposit();
    else if (r < 0.83) await withdraw();
    else await sendRetrying(transfer(pick(fx.players)));
  };

  return { ops, answers, keys, acknowledged, requests, counters, send, adjustment, step };
};

export type CrashLoad = ReturnType<typeof crashLoad>;
