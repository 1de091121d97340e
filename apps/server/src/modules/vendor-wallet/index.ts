import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database';
import type { Clock } from '../../lib/clock';
import type { Auth, MerchantResolver } from '../identity';
import type { Merchant } from '../merchant';
import type { RateLimiter } from '../rate-limit';
import type { StaffAuth } from '../staff';
import type { WalletService } from '../wallet';
import { demoTransferAdapter, demoVendorFaults, type DemoVendorFaults } from './demo-adapter';
import { startReconciliation } from './reconcile.job';
import type { AdapterFactory } from './transfer-adapter';
import { vendorTransferServiceFactory, type VendorTransferService } from './vendor-transfer.service';
import { vendorWalletRoutes } from './vendor-wallet.routes';

export type {
  TransferWalletAdapter,
  AdapterFactory,
  VendorTransferCall,
  TransferAnswer,
  QueryAnswer,
} from './transfer-adapter';
export type { DemoTransferFault, DemoQueryFault, DemoVendorFaults } from './demo-adapter';

declare module 'fastify' {
  interface FastifyInstance {
    /** The transfer wallet's job and the demo vendor's fault switches, for tests and operators' tools. */
    vendorWallet: { reconcile: VendorTransferService['reconcile']; demoFaults: DemoVendorFaults };
  }
}

/** The platform waits this long for a vendor; reconciliation first looks at an order 60 s after it was written. */
export const VENDOR_CALL_TIMEOUT_MS = 5_000;
const FIRST_CHECK_AFTER_MS = 60_000;
const BACKOFF_BASE_MS = 30_000;
const BACKOFF_MAX_MS = 15 * 60_000;

export type VendorWalletModuleDeps = {
  db: Database;
  wallet: WalletService;
  merchantById: (merchantId: number) => Promise<Merchant>;
  now: Clock;
  log: { error: (data: object, message: string) => void };
  /** How long the platform waits for a vendor (default VENDOR_CALL_TIMEOUT_MS; tests shorten it). */
  callTimeoutMs?: number;
  /** More adapters by kind (the vendor issue); DEMO is always there. */
  adapters?: ReadonlyMap<string, AdapterFactory>;
};

/**
 * The demo merchant's transfer-wallet vendors (served by the demo adapter). Inserted idempotently at boot; they only
 * matter once an operator turns the merchant's single wallet off.
 */
const seedDemoVendors = (db: Database) =>
  db.query(
    `INSERT INTO merchant_transfer_vendors (merchant_id, vendor_code, adapter, name, sort_order)
     SELECT m.id, v.code, 'DEMO', v.name, v.sort FROM merchants m,
       (VALUES ('DEMO_SLOTS', 'Demo Slots', 1), ('DEMO_LIVE', 'Demo Live Casino', 2)) AS v (code, name, sort)
     WHERE m.code = 'demo'
     ON CONFLICT (merchant_id, vendor_code) DO NOTHING`,
  );

/** The transfer wallet (issue 4; spec §7 GCS_walletTransfer, member centre transferFund). */
export const createVendorWalletModule = async (deps: VendorWalletModuleDeps) => {
  const demoFaults = demoVendorFaults();
  const adapters = new Map<string, AdapterFactory>(deps.adapters ?? []);
  adapters.set('DEMO', (merchantId, vendorCode) => demoTransferAdapter(deps.db, merchantId, vendorCode, demoFaults));
  await seedDemoVendors(deps.db);
  const service = vendorTransferServiceFactory({
    ...{ db: deps.db, wallet: deps.wallet, adapters, merchantById: deps.merchantById, now: deps.now, log: deps.log },
    callTimeoutMs: deps.callTimeoutMs ?? VENDOR_CALL_TIMEOUT_MS,
    firstCheckAfterMs: FIRST_CHECK_AFTER_MS,
    backoffBaseMs: BACKOFF_BASE_MS,
    backoffMaxMs: BACKOFF_MAX_MS,
  });
  return {
    service,
    routes:
      (options: { auth: Auth; merchantOf: MerchantResolver; staff: StaffAuth; limiter: RateLimiter }) =>
      async (app: FastifyInstance) => {
        await app.register(vendorWalletRoutes, { service, ...options });
      },
    /** Starts the reconciliation job for the app's lifetime and exposes it (and the demo faults) on the app. */
    start: (app: FastifyInstance) => {
      startReconciliation(app, service.reconcile);
      app.decorate('vendorWallet', { reconcile: service.reconcile, demoFaults });
    },
  };
};
