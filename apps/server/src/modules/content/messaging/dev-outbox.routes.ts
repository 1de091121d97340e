import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API } from '@platform/contracts';
import { route } from '../../../lib/route';
import type { Merchant } from '../../platform/merchant';
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
  route(app, 'GET', API.dev.outbox, {
    what: { query: 'outbox query' },
    handler: async ({ query: { to }, request }) => {
      const merchant = await resolveMerchant(request);
      const rows = await outbox.listFor(merchant.id, recipientOf(to));
      return {
        list: rows.map((row) => ({
          channel: row.channel,
          to: row.recipient,
          subject: row.subject,
          body: row.body,
          createdAt: row.createdAt.toISOString(),
        })),
      };
    },
  });
};
