import type { WalletService } from '../../money/wallet';
import type { Merchant } from '../../platform/merchant';
import type { AdjustPort } from './ops.service';
import type { SettlementPorts } from './settlement.service';

/** The ledger's source of contract payments and adjustments: keys are unique per merchant and source. */
export const PAYMENT_SOURCE = 'agent-contract';

/**
 * Contract money through the wallet (and so the ledger, DESIGN.md §5): a payment or a positive adjustment moves from
 * the merchant's COMMISSIONS account to the agent's cash, a negative adjustment back; never another agent's balance.
 */
export const contractPayments = (deps: {
  wallet: Pick<WalletService, 'systemAccount' | 'memberAccount' | 'memberAccountsOf' | 'post' | 'postMany'>;
  merchantById: (id: number) => Promise<Merchant>;
}): { payMany: SettlementPorts['payMany']; adjust: AdjustPort } => {
  const move: AdjustPort = async ({ merchantId, agentId, amountMinor, code, key, reference }) => {
    const merchant = await deps.merchantById(merchantId);
    const commissions = await deps.wallet.systemAccount(merchant, 'COMMISSIONS');
    const cash = await deps.wallet.memberAccount(merchant, agentId, 'CASH');
    const toAgent = amountMinor > 0n;
    const result = await deps.wallet.post(
      {
        merchantId,
        source: PAYMENT_SOURCE,
        idempotencyKey: key,
        reference,
        legs: [
          {
            debitAccountId: toAgent ? commissions : cash,
            creditAccountId: toAgent ? cash : commissions,
            amountMinor: toAgent ? amountMinor : -amountMinor,
            code,
          },
        ],
      },
      [agentId],
    );
    const transfer = result.transfers[0];
    if (transfer === undefined) throw new Error('the ledger answered a post without its transfer');
    const balanceMinor = toAgent ? transfer.creditBalanceAfterMinor : transfer.debitBalanceAfterMinor;
    return { transferId: transfer.id, balanceMinor };
  };
  /**
   * A window's payments gathered: the agents' cash accounts opened in bulk, then every transfer from COMMISSIONS in few
   * ledger transactions (WalletService.postMany), each payment answering on its own (its transfer, or the refusal).
   */
  const payMany: SettlementPorts['payMany'] = async (merchantId, payments) => {
    if (payments.length === 0) return [];
    const merchant = await deps.merchantById(merchantId);
    const commissions = await deps.wallet.systemAccount(merchant, 'COMMISSIONS');
    const agents = payments.map((payment) => payment.agentId);
    const cash = await deps.wallet.memberAccountsOf(merchant, agents, 'CASH');
    const outcomes = await deps.wallet.postMany(
      payments.map((payment) => {
        const account = cash.get(payment.agentId.toString());
        if (account === undefined) throw new Error(`no cash account for agent ${payment.agentId}`);
        return {
          merchantId,
          source: PAYMENT_SOURCE,
          idempotencyKey: payment.key,
          reference: payment.reference,
          legs: [
            {
              debitAccountId: commissions,
              creditAccountId: account,
              amountMinor: payment.amountMinor,
              code: payment.code,
            },
          ],
        };
      }),
      agents,
    );
    return outcomes.map((outcome) => {
      if (!outcome.ok) return { failure: outcome.error.code };
      const transfer = outcome.result.transfers[0];
      if (transfer === undefined) throw new Error('the ledger answered a post without its transfer');
      return { transferId: transfer.id };
    });
  };
  return { payMany, adjust: move };
};
