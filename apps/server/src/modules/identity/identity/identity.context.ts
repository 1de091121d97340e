import type { FastifyRequest } from 'fastify';
import type { Merchant } from '../../platform/merchant';

/** Who is asking, from where: what every identity service call needs besides its input. */
export type RequestContext = {
  merchant: Merchant;
  /** From X-Forwarded-For only when the peer is a trusted proxy (app.ts trustProxy). */
  ip: string;
  userAgent: string | null;
};

/** Long user agents are cut: they are stored with every login and session. */
const USER_AGENT_MAX = 512;

export type MerchantResolver = (request: FastifyRequest) => Promise<Merchant>;

/** Resolves the merchant once per request, however many helpers ask for it. */
export const cachedMerchantResolver = (resolveByHost: (host: string) => Promise<Merchant>): MerchantResolver => {
  const cache = new WeakMap<FastifyRequest, Promise<Merchant>>();
  return (request) => {
    let merchant = cache.get(request);
    if (merchant === undefined) {
      merchant = resolveByHost(request.host);
      cache.set(request, merchant);
    }
    return merchant;
  };
};

export const contextOf = async (request: FastifyRequest, merchantOf: MerchantResolver): Promise<RequestContext> => {
  const agent = request.headers['user-agent'];
  return {
    merchant: await merchantOf(request),
    ip: request.ip,
    userAgent: typeof agent === 'string' && agent !== '' ? agent.slice(0, USER_AGENT_MAX) : null,
  };
};
