/**
 * Delivery of SMS and email. The outbox providers (default: embedded mode, tests, the demo) write to the `outbox`
 * table; a real SMS gateway or SMTP (SMTP_URL) implements the same interfaces. Send failures are the caller's to log:
 * a code that could not be delivered is just never used.
 */
export type SmsMessage = { merchantId: number; to: string; text: string };
export type EmailMessage = { merchantId: number; to: string; subject: string; body: string };

export interface SmsProvider {
  send(message: SmsMessage): Promise<void>;
}

export interface EmailProvider {
  send(message: EmailMessage): Promise<void>;
}
