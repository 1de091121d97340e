import type { FastifyInstance } from 'fastify';
import type { Database } from '../../../db/database';
import type { Clock } from '../../../lib/clock';
import type { EventBus } from '../../../lib/event-bus';
import type { Auth, MerchantResolver } from '../../identity/identity';
import type { Merchant } from '../../platform/merchant';
import type { RateLimiter } from '../../platform/rate-limit';
import type { StaffAuth } from '../../operations/staff';
import type { WalletService } from '../../money/wallet';
import {
  betPullServiceFactory,
  DEFAULT_BET_PULL_OPTIONS,
  type BetPullOptions,
  type BetPullService,
} from './bet-pull.service';
import { demoTransferAdapter, demoVendorFaults, type DemoVendorFaults } from './demo-adapter';
import { httpTransferAdapter, transferEndpointResolver, type VendorSecretResolver } from './http-adapter';
import type { AdapterFactory, TransferWalletAdapter } from './transfer-adapter';
import { transferProtocolClient } from './transfer-protocol.client';
import { vendorTransferServiceFactory, type VendorTransferService } from './vendor-transfer.service';
import { vendorWalletJobs } from './vendor-wallet.jobs';
import { vendorWalletRoutes } from './vendor-wallet.routes';

export type {
  TransferWalletAdapter,
  AdapterFactory,
  VendorTransferCall,
  TransferAnswer,
  QueryAnswer,
} from './transfer-adapter';
export type { DemoTransferFault, DemoQueryFault, DemoVendorFaults } from './demo-adapter';
export type { BetPullOptions, BetPullResult } from './bet-pull.service';
export { playerIdOf, memberIdOfPlayer } from './player-id';

declare module 'fastify' {
  interface FastifyInstance {
    /** The transfer wallet's jobs, its adapters and the demo vendor's fault switches, for tests and operators' tools. */
    vendorWallet: {
      reconcile: VendorTransferService['reconcile'];
      pullBets: BetPullService['pull'];
      /** The adapter serving (merchant, vendor), by its merchant_transfer_vendors.adapter kind. */
      adapter: (merchantId: number, vendorCode: string, kind: string) => TransferWalletAdapter | undefined;
      demoFaults: DemoVendorFaults;
    };
  }
}

/** The platform waits this long for a vendor; reconciliation first looks at an order 60 s after it was written. */
export const VENDOR_CALL_TIMEOUT_MS = 5_000;
/** A bets page may hold 500 rounds: the pull waits longer for it than a member waits for a transfer. */
const BETS_CALL_TIMEOUT_MS = 15_000;
const FIRST_CHECK_AFTER_MS = 60_000;
const BACKOFF_BASE_MS = 30_000;
const BACKOFF_MAX_MS = 15 * 60_000;

export type VendorWalletModuleDeps = {
  db: Database;
  wallet: WalletService;
  merchantById: (merchantId: number) => Promise<Merchant>;
  now: Clock;
  log: { error: (data: object, message: string) => void; warn: (data: object, message: string) => void };
  /** How long the platform waits for a vendor (default VENDOR_CALL_TIMEOUT_MS; tests shorten it). */
  callTimeoutMs?: number;
  /** More adapters by kind; DEMO and HTTP are always there. */
  adapters?: ReadonlyMap<string, AdapterFactory>;
  /** Announces pulled rounds (`round.settled`). */
  bus: EventBus;
  /** The shared secret of (merchant code, vendor code) for the HTTP adapter. */
  vendorSecret: VendorSecretResolver;
  /** The platform's own address, for a vendor whose api_url is relative (undefined until it listens). */
  selfUrl: () => string | undefined;
  /** The bet-record pull's limits (default DEFAULT_BET_PULL_OPTIONS). */
  betPull?: Partial<BetPullOptions>;
};

/**
 * The demo merchant's transfer-wallet vendors: two served by the demo adapter, and the in-house RGS over the published
 * protocol (HTTP, its api_url `/rgs` from the catalogue seed). Inserted idempotently at boot; they only matter once an
 * operator turns the merchant's single wallet off.
 */
const seedDemoVendors = (db: Database) =>
  db.query(
    `INSERT INTO merchant_transfer_vendors (merchant_id, vendor_code, adapter, name, sort_order)
     SELECT m.id, v.code, v.adapter, v.name, v.sort FROM merchant_directory m,
       (VALUES ('DEMO_SLOTS', 'DEMO', 'Demo Slots', 1), ('DEMO_LIVE', 'DEMO', 'Demo Live Casino', 2),
         ('RGS', 'HTTP', 'Originals', 3)) AS v (code, adapter, name, sort)
     WHERE m.code = 'demo'
     ON CONFLICT (merchant_id, vendor_code) DO NOTHING`,
  );

/** The transfer wallet (issue 4; spec §7 GCS_walletTransfer, member centre transferFund). */
export const createVendorWalletModule = async (deps: VendorWalletModuleDeps) => {
  const demoFaults = demoVendorFaults();
  const adapters = new Map<string, AdapterFactory>(deps.adapters ?? []);
  adapters.set('DEMO', (merchantId, vendorCode) => demoTransferAdapter(deps.db, merchantId, vendorCode, demoFaults));
  const callTimeoutMs = deps.callTimeoutMs ?? VENDOR_CALL_TIMEOUT_MS;
  const endpoints = transferEndpointResolver({
    ...{ db: deps.db, merchantById: deps.merchantById },
    ...{ vendorSecret: deps.vendorSecret, selfUrl: deps.selfUrl },
  });
  const client = transferProtocolClient({ now: deps.now, timeoutMs: callTimeoutMs });
  adapters.set('HTTP', (merchantId, vendorCode) => httpTransferAdapter(endpoints, client, merchantId, vendorCode));
  await seedDemoVendors(deps.db);
  const service = vendorTransferServiceFactory({
    ...{ db: deps.db, wallet: deps.wallet, adapters, merchantById: deps.merchantById, now: deps.now, log: deps.log },
    callTimeoutMs,
    firstCheckAfterMs: FIRST_CHECK_AFTER_MS,
    backoffBaseMs: BACKOFF_BASE_MS,
    backoffMaxMs: BACKOFF_MAX_MS,
  });
  const betPullOptions = { ...DEFAULT_BET_PULL_OPTIONS, ...deps.betPull };
  const betPull = betPullServiceFactory({
    ...{ db: deps.db, wallet: deps.wallet, endpoints, bus: deps.bus, now: deps.now, log: deps.log },
    client: transferProtocolClient({ now: deps.now, timeoutMs: Math.max(callTimeoutMs, BETS_CALL_TIMEOUT_MS) }),
    options: betPullOptions,
  });
  return {
    service,
    /** One bet-record pass (the job runs it every minute). */
    pullBets: betPull.pull,
    routes:
      (options: { auth: Auth; merchantOf: MerchantResolver; staff: StaffAuth; limiter: RateLimiter }) =>
      async (app: FastifyInstance) => {
        await app.register(vendorWalletRoutes, { service, ...options });
      },
    /** Reconciliation and the bet-record pull, for the job registry. */
    jobs: vendorWalletJobs({
      reconcile: service.reconcile,
      pullBets: betPull.pull,
      betPullEveryMs: betPullOptions.intervalMs,
    }),
    /** Exposes the jobs' passes and the adapters on the app (tests drive them). */
    start: (app: FastifyInstance) => {
      app.decorate('vendorWallet', {
        reconcile: service.reconcile,
        pullBets: betPull.pull,
        adapter: (merchantId: number, vendorCode: string, kind: string) => adapters.get(kind)?.(merchantId, vendorCode),
        demoFaults,
      });
    },
  };
};
