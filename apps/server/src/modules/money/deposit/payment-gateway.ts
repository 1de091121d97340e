/**
 * What the deposit module needs of an online payment gateway. The demo gateway (modules/demo-gateway) implements it;
 * a real gateway is another implementation registered under its own code, with no change to the deposit module.
 */
export type CreatePaymentInput = {
  /** The platform merchant: the gateway's merchant account. */
  merchantId: number;
  merchantName: string;
  /** Our order number; the gateway echoes it back in its notification. */
  merchantOrderNo: string;
  amountMinor: bigint;
  currency: string;
  currencyScale: number;
  /** Where the gateway POSTs its signed notification (our webhook). */
  notifyUrl: string;
  /** Where the gateway sends the player's browser after paying or cancelling. */
  returnUrl: string;
};

export type CreatedPayment = {
  /** The gateway's own id of the payment (unique per merchant and gateway). */
  gatewayOrderId: string;
  /** The gateway's payment page, where the player is sent. */
  paymentUrl: string;
};

/** A notification whose signature and time window were verified. */
export type PaymentNotification = {
  gatewayOrderId: string;
  merchantOrderNo: string;
  /** Decimal text in the merchant's scale, as the gateway sent it. */
  amount: string;
  status: 'PAID';
};

export interface PaymentGateway {
  readonly code: string;
  /** Creates (or, for a merchant order number it already knows, returns) the gateway's payment. */
  createPayment(input: CreatePaymentInput): Promise<CreatedPayment>;
  /**
   * Checks the notification's signature over the raw body and its timestamp window, then parses it. Throws a 401
   * SIGNATURE_INVALID AppError on any doubt; never trusts a body it has not verified.
   */
  verifyNotification(headers: Record<string, string | string[] | undefined>, rawBody: Buffer): PaymentNotification;
}
