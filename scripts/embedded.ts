import { createHmac, randomBytes } from 'node:crypto';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { attachRgsSocketIo, buildRgs, type BuildRgsOptions, type RgsApp } from '@platform/rgs';
import { selfUrlOf, vendorSecretKey, type Env } from '@platform/server';

/**
 * Embedded mode (DESIGN.md §3): the in-house RGS in the platform's process, on the platform's port, under /rgs. It
 * still reaches the platform only over HTTP, on loopback, through the vendor protocols. Used by `npm start`
 * (scripts/start.ts) and by the browser tests.
 */
export const RGS_PREFIX = '/rgs';
/** The RGS's lottery gateway (spec §7 `/lgw/...`), served on the platform's origin like a vendor's configured path. */
export const LGW_PREFIX = '/lgw';

export type SecretResolver = (merchantCode: string, vendorCode: string) => string | undefined;

/** The vendor code the platform knows the in-process RGS by (the demo catalogue's RGS vendor). */
export const EMBEDDED_RGS_VENDOR = 'RGS';
/** The vendor codes the RGS's lottery gateway speaks for (ADR 0033): each has a secret of its own. */
export const EMBEDDED_VENDORS: ReadonlySet<string> = new Set([EMBEDDED_RGS_VENDOR, 'LOTT', 'TCG_SEA', 'TCG_LOTTO_VN']);

/**
 * Shared secrets (ADR 0013): a VENDOR_SECRET_<MERCHANT>_<VENDOR> variable wins; otherwise the in-process RGS's secret
 * of each merchant is derived from a random key of this process, so nothing secret is written anywhere and each start
 * has new ones. Any other vendor has no secret unless its variable is set: it is not connected (ADR 0020), as a third
 * party whose credentials nobody entered would be.
 */
export const embeddedSecrets = (env: Pick<Env, 'VENDOR_SECRETS'>): SecretResolver => {
  const processKey = randomBytes(32);
  return (merchantCode, vendorCode) =>
    env.VENDOR_SECRETS.get(vendorSecretKey(merchantCode, vendorCode)) ??
    (EMBEDDED_VENDORS.has(vendorCode)
      ? createHmac('sha256', processKey).update(`${merchantCode}:${vendorCode}`).digest('base64url')
      : undefined);
};

/** Sends /rgs, /lgw and their paths to the RGS, everything else to the listeners already on the server (the platform). */
const forwardPrefix = (server: Server, rgs: RgsApp): void => {
  const platformListeners = server.listeners('request') as Array<(req: IncomingMessage, res: ServerResponse) => void>;
  server.removeAllListeners('request');
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const url = req.url ?? '/';
    const ours = (prefix: string) => url === prefix || url.startsWith(`${prefix}/`) || url.startsWith(`${prefix}?`);
    if (ours(RGS_PREFIX) || ours(LGW_PREFIX)) {
      rgs.routing(req, res);
      return;
    }
    for (const listener of platformListeners) listener.call(server, req, res);
  });
};

export type MountOptions = {
  secrets: SecretResolver;
  /** Where the RGS keeps its facts (default: PGlite under DATA_DIR/rgs). */
  database?: BuildRgsOptions['database'];
  /**
   * The embedded demo start: the RGS adds its demo data (the lottery back office's) once. Never in production: mounting
   * with it there throws, as the platform's demo seed does.
   */
  demoData?: boolean;
  /** Anything else the RGS takes (tests: a clock, crash timings). */
  rgs?: Partial<Omit<BuildRgsOptions, 'database' | 'operators'>>;
};

/** Builds the RGS and serves it on the platform's server (call before the platform listens). */
export const mountRgs = async (app: FastifyInstance, env: Env, options: MountOptions): Promise<RgsApp> => {
  if (options.demoData === true && env.NODE_ENV === 'production') {
    throw new Error('demo data is never seeded in production');
  }
  const rgs = await buildRgs({
    logger: app.log.child({ service: 'rgs' }),
    ...options.rgs,
    demoData: options.demoData === true,
    database: options.database ?? { dataDir: join(env.DATA_DIR, 'rgs') },
    operators: (merchantCode, vendorCode = EMBEDDED_RGS_VENDOR) => {
      const platformUrl = selfUrlOf(app);
      const secret = options.secrets(merchantCode, vendorCode);
      return platformUrl === undefined || secret === undefined ? undefined : { platformUrl, secret };
    },
  });
  await rgs.ready();
  forwardPrefix(app.server, rgs);
  attachRgsSocketIo(rgs, app.server);
  app.addHook('onClose', async () => {
    await rgs.close();
  });
  return rgs;
};
