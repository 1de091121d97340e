import type { Queryable } from '../../../db/database';
import type { Clock } from '../../../lib/clock';
import type { EmailProvider, SmsProvider } from './messaging.types';
import { outboxRepository } from './outbox.repository';

export type * from './messaging.types';
export { devOutboxRoutes, type DevOutboxRoutesOptions } from './dev-outbox.routes';

/** Outbox messages are removed after this long: they contain codes and reset links. */
export const OUTBOX_RETENTION_MS = 3 * 24 * 60 * 60 * 1000;

/**
 * The outbox providers. TODO(SMTP): when SMTP_URL is configured, an SMTP EmailProvider replaces the outbox one; and an
 * SMS gateway the SMS one. Until then every deployment writes to the outbox.
 */
export const createMessagingModule = (deps: { db: Queryable; now: Clock }) => {
  const outbox = outboxRepository(deps.db);
  const sms: SmsProvider = {
    send: ({ merchantId, to, text }) =>
      outbox.insert(merchantId, { channel: 'sms', recipient: to, subject: null, body: text }, deps.now()),
  };
  const email: EmailProvider = {
    send: ({ merchantId, to, subject, body }) =>
      outbox.insert(merchantId, { channel: 'email', recipient: to.toLowerCase(), subject, body }, deps.now()),
  };
  return {
    sms,
    email,
    outbox,
    purge: (batch: number) => outbox.purge(deps.now() - OUTBOX_RETENTION_MS, batch),
  };
};
