import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API, OutboxListSchema, OutboxQuerySchema } from '@platform/contracts';
import { success } from '../../lib/respond';
import { parseInput } from '../../lib/validate';
import type { Merchant } from '../merchant';
import type { OutboxRepository } from './outbox.repository';

export type DevOutboxRoutesOptions = {
  outbox: Pick<OutboxRepository, 'listFor'>;
  resolveMerchant: (request: FastifyRequest) => Promise<Merchant>;
};

/**
 * A `+` in a query string arrives as a space, so `?to=+63917...` reads as `63917...`: digits alone are a phone number
 * with its `+` lost. Email addresses are stored in lower case.
 */
const recipientOf = (to: string): string => (/^\d+$/.test(to) ? `+${to}` : to.includes('@') ? to.toLowerCase() : to);

/**
 * GET /wps/dev/outbox?to=+639171234567 (or an email address): the latest messages the outbox providers "sent", so the
 * demo and the browser tests can read SMS codes and reset links. Registered only when NODE_ENV is not production
 * (app.ts): it hands out codes to anyone who asks.
 */
export const devOutboxRoutes = async (app: FastifyInstance, { outbox, resolveMerchant }: DevOutboxRoutesOptions) => {
  app.get(API.dev.outbox, async (request) => {
    const { to } = parseInput(OutboxQuerySchema, request.query, 'outbox query');
    const merchant = await resolveMerchant(request);
    const rows = await outbox.listFor(merchant.id, recipientOf(to));
    return success(OutboxListSchema, {
      list: rows.map((row) => ({
        channel: row.channel,
        to: row.recipient,
        subject: row.subject,
        body: row.body,
        createdAt: row.createdAt.toISOString(),
      })),
    });
  });
};
