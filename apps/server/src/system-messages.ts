import { formatMoney } from '@platform/contracts';
import type { EventBus } from './lib/event-bus';
import type { InboxModule } from './modules/content/inbox';
import type { MerchantService } from './modules/platform/merchant';

/**
 * The system messages other modules' events send to a member's inbox (issue 22): a deposit credited, a withdrawal
 * paid, a bonus granted, a contract offered. Each is keyed by what it tells of (the order, the grant, the contract),
 * so an event heard twice writes one message.
 */
export const sendSystemMessages = ({
  bus,
  inbox,
  merchants,
}: {
  bus: EventBus;
  inbox: Pick<InboxModule, 'system'>;
  merchants: Pick<MerchantService, 'byId'>;
}) => {
  bus.on('cashier.order', async ({ merchantId, memberId, kind, orderNo, status }) => {
    if (kind === 'deposit' && (status === 'PAID' || status === 'APPROVED')) {
      await inbox.system(merchantId, memberId, 'DEPOSIT_CREDITED', orderNo, { orderNo });
    } else if (kind === 'withdrawal' && status === 'APPROVED') {
      await inbox.system(merchantId, memberId, 'WITHDRAWAL_PAID', orderNo, { orderNo });
    }
  });
  bus.on('bonus.granted', async ({ merchantId, memberId, grantId, amountMinor }) => {
    const merchant = await merchants.byId(merchantId);
    const amount = `${formatMoney(amountMinor, merchant.currencyScale)} ${merchant.currencyCode}`;
    await inbox.system(merchantId, memberId, 'BONUS_GRANTED', `bonus:${grantId}`, { amount });
  });
  bus.on('contract.offered', async ({ merchantId, holderId, contractId }) => {
    await inbox.system(merchantId, holderId, 'CONTRACT_OFFERED', `contract:${contractId}`, {});
  });
};
