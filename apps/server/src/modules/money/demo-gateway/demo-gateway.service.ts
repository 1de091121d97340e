import { randomBytes } from 'node:crypto';
import { formatMoney } from '@platform/contracts';
import type { Clock } from '../../../lib/clock';
import type { CreatedPayment, CreatePaymentInput } from '../deposit';
import type { DemoGatewayRepository, PaymentRow } from './demo-gateway.repository';
import { signNotification, SIGNATURE_HEADER, TIMESTAMP_HEADER } from './demo-gateway.signature';

/** Where the gateway serves its pages: outside /wps, as a third party would be. */
export const DEMO_GATEWAY_BASE = '/demo-gateway';
export const payPath = (merchantAccount: number, id: string) => `${DEMO_GATEWAY_BASE}/pay/${merchantAccount}/${id}`;

const NOTIFY_TIMEOUT_MS = 10_000;

/** What the gateway sends to the merchant's notify URL (JSON, signed). */
export type DemoNotification = {
  gatewayOrderId: string;
  merchantOrderNo: string;
  amount: string;
  currency: string;
  status: 'PAID';
  paidAt: string;
};

export type DemoGatewayServiceDeps = {
  repository: DemoGatewayRepository;
  secret: string;
  now: Clock;
  /** The HTTP client of the notification (a test may count calls). */
  fetch?: typeof fetch;
  log?: (message: string, detail: Record<string, unknown>) => void;
};

/**
 * The demo gateway's side: its own payments table and ids, a payment page, and a signed server-to-server
 * notification over real HTTP to the merchant's notify URL, like a third-party gateway.
 */
export const demoGatewayServiceFactory = (deps: DemoGatewayServiceDeps) => {
  const { repository, secret, now } = deps;
  const send = deps.fetch ?? fetch;

  /** POSTs the signed notification; true when the merchant answered 2xx. Retried when the player presses Pay again. */
  const notify = async (payment: PaymentRow): Promise<boolean> => {
    const body: DemoNotification = {
      gatewayOrderId: payment.id,
      merchantOrderNo: payment.merchantOrderNo,
      amount: formatMoney(payment.amountMinor, payment.currencyScale),
      currency: payment.currency,
      status: 'PAID',
      paidAt: new Date(now()).toISOString(),
    };
    const raw = JSON.stringify(body);
    const timestamp = Math.floor(now() / 1000).toString();
    let delivered = false;
    try {
      const res = await send(payment.notifyUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [TIMESTAMP_HEADER]: timestamp,
          [SIGNATURE_HEADER]: signNotification(secret, timestamp, raw),
        },
        body: raw,
        signal: AbortSignal.timeout(NOTIFY_TIMEOUT_MS),
      });
      delivered = res.ok;
      if (!delivered) deps.log?.('demo gateway notification refused', { status: res.status, payment: payment.id });
    } catch (error) {
      deps.log?.('demo gateway notification failed', { err: error, payment: payment.id });
    }
    await repository.recordNotify(payment.merchantAccount, payment.id, delivered);
    return delivered;
  };

  return {
    createPayment: async (input: CreatePaymentInput): Promise<CreatedPayment> => {
      const payment = await repository.create({
        merchantAccount: input.merchantId,
        id: `DG${randomBytes(15).toString('base64url')}`,
        merchantOrderNo: input.merchantOrderNo,
        merchantName: input.merchantName,
        amountMinor: input.amountMinor,
        currency: input.currency,
        currencyScale: input.currencyScale,
        notifyUrl: input.notifyUrl,
        returnUrl: input.returnUrl,
      });
      // The page is served on the origin the player's browser came from (embedded mode: one process, many hosts).
      const origin = new URL(input.returnUrl).origin;
      return { gatewayOrderId: payment.id, paymentUrl: `${origin}${payPath(payment.merchantAccount, payment.id)}` };
    },

    find: repository.find,

    /**
     * The player pressed Pay: the payment becomes PAID (once) and the merchant is notified. Pressing Pay on a paid
     * payment notifies again (the merchant's webhook is idempotent). Answers where to send the browser.
     */
    pay: async (payment: PaymentRow): Promise<string> => {
      if (payment.status === 'CANCELLED') return payment.returnUrl;
      await repository.settle(payment.merchantAccount, payment.id, 'PAID');
      const current = (await repository.find(payment.merchantAccount, payment.id)) ?? payment;
      if (current.status === 'PAID') await notify(current);
      return current.returnUrl;
    },

    cancel: async (payment: PaymentRow): Promise<string> => {
      await repository.settle(payment.merchantAccount, payment.id, 'CANCELLED');
      return payment.returnUrl;
    },
  };
};

export type DemoGatewayService = ReturnType<typeof demoGatewayServiceFactory>;
