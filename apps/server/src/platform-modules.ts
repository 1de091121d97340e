import type { FastifyInstance } from 'fastify';
import { WHITELABEL_MODULES } from '@platform/contracts';
import type { Database } from './db/database';
import type { Env } from './env';
import { housekeepingJobs, type HousekeepingTask } from './jobs/housekeeping';
import { plannerStatisticsJobs } from './jobs/planner-statistics';
import type { Clock } from './lib/clock';
import { captchaRoutes, createCaptchaModule } from './modules/identity/captcha';
import { healthRoutes } from './modules/platform/health';
import { createIdentityModule, type PasswordHasher } from './modules/identity/identity';
import { createLedgerModule } from './modules/money/ledger';
import { createConfigOps, createMerchantModule, isModuleEnabled } from './modules/platform/merchant';
import { createMessagingModule, devOutboxRoutes } from './modules/content/messaging';
import { createRateLimiter, databaseRateLimitStore } from './modules/platform/rate-limit';
import { createSealedModule, type PayloadKeys } from './modules/identity/sealed';
import { systemRoutes, systemServiceFactory } from './modules/platform/system';
import { createVerificationModule } from './modules/identity/verification';
import { createRealtime } from './modules/platform/realtime';
import { createStaffModule, type SecretBox } from './modules/operations/staff';
import { createWalletModule } from './modules/money/wallet';
import { createVendorWalletModule } from './modules/games/vendor-wallet';
import { createWithdrawModule } from './modules/money/withdraw';
import { sendSystemMessages } from './system-messages';
import { createBonusWalletModule, type BonusWalletService } from './modules/engagement/bonus-wallet';
import { createPromotionsModule, type PromotionsModule } from './modules/engagement/promotions';
import { createReferralProgramme } from './modules/engagement/referral';
import { createPlayStatsModule } from './modules/games/play-stats';
import { vipWithdrawLimits, type VipService } from './modules/engagement/vip';
import { registerEngagementModules } from './engagement-modules';
import { createAgentTeamModule } from './modules/agents/agent-team';
import { createTransferModule } from './modules/money/transfer';
import { createEventBus, type EventBus } from './lib/event-bus';
import { createResponseCache, ttlMemo } from './lib/response-cache';
import { randomToken } from './lib/tokens';
import { createDepositModule } from './modules/money/deposit';
import { createJobsModule } from './modules/platform/jobs';
import { createDemoGateway } from './modules/money/demo-gateway';
import { createCatalogueModule, type CatalogueAdapter, type GameLauncher } from './modules/games/catalogue';
import { createLotteryOpsModule } from './modules/games/lottery-ops';
import { createContentModule, helpSectionsReader } from './modules/content/content';
import { createInboxModule } from './modules/content/inbox';
import { createFeedbackModule } from './modules/content/feedback';
import { createLiveChatModule } from './modules/content/live-chat';
import { createSeamlessModule, endMemberGameSessions, type VendorSecretResolver } from './modules/games/seamless';
import { createBetsModule } from './modules/games/bets';
import { createAdjustmentModule } from './modules/money/adjustment';
import { createMemberContexts } from './modules/money/cashier';
import { createMemberOpsModule } from './modules/operations/member-ops';
import { createAuditModule, recordAudit } from './modules/operations/audit';
import { createReportsModule } from './modules/operations/reports';
import { createAgentCentreModule, createAgentInvitations } from './modules/agents/agent-centre';
import { createAgentOpsModule } from './modules/agents/agent-ops';
import { createAgentContractModule, contractPayments } from './modules/agents/agent-contract';
import type { PageHeaders, WebShell } from './plugins/web-app';
import { originOf, pageHeadersOf } from './plugins/security-headers';
import { createDemoActivity, type DemoActivity } from './db/demo-activity';

declare module 'fastify' {
  interface FastifyInstance {
    /** The in-process event bus (lib/event-bus.ts): tests emit and listen to domain events through it. */
    bus: EventBus;
    /**
     * The demo team's deposits and rounds through the real money paths (db/demo-activity.ts); null in production,
     * which has no demo gateway. app.ts runs it after listening on embedded development starts.
     */
    demoActivity: DemoActivity | null;
    /** The bonus wallet's grants (engagement/bonus-wallet): promotions grant through it, tests reach it here. */
    bonusWallet: BonusWalletService;
    /** Promotions (engagement/promotions): demo data and tests create promotions through it. */
    promotions: PromotionsModule;
    /** VIP levels (engagement/vip): demo data and tests set levels and their rebate rates through it. */
    vip: VipService;
    /** The Socket.IO server and its publish API (modules/platform/realtime): bench/realtime.mjs pushes through it. */
    realtime: Awaited<ReturnType<typeof createRealtime>>;
  }
}

export type PlatformDeps = {
  env: Env;
  db: Database;
  keys: PayloadKeys;
  /** Seals staff TOTP secrets at rest (STAFF_SECRET_KEY, modules/operations/staff/staff-secrets.ts). */
  staffSecrets: SecretBox;
  hasher: PasswordHasher;
  now: Clock;
  captchaText?: () => string;
  vendorCallTimeoutMs?: number;
  /** Game launchers by vendor (issue 6; tests install their own). */
  gameLaunchers?: readonly GameLauncher[];
  /** Game-list adapters of the catalogue sync job. */
  catalogueAdapters?: readonly CatalogueAdapter[];
  /** The shared secret of a merchant's vendor (vendor protocols; never in the database). */
  vendorSecret: VendorSecretResolver;
  /** The platform's own address once listening (relative vendor api_urls). */
  selfUrl: () => string | undefined;
  jackpotTimeoutMs?: number;
};

/**
 * Builds every module from its own index.ts and mounts its routes (STYLE.md: factories, no container). Modules meet
 * here and nowhere else.
 */
export const registerModules = async (
  app: FastifyInstance,
  deps: PlatformDeps,
): Promise<{ webShell: WebShell; pageHeaders: PageHeaders }> => {
  const { env, db, now } = deps;
  const merchants = createMerchantModule({ db, defaultMerchantCode: env.DEFAULT_MERCHANT_CODE }).service;
  const merchantOf = (request: { host: string }) => merchants.resolveByHost(request.host);
  const limiter = createRateLimiter(databaseRateLimitStore(db), now);
  const sealed = createSealedModule({ db, keys: deps.keys, now });
  const messaging = createMessagingModule({ db, now });
  const captcha = createCaptchaModule({ db, limiter, now, text: deps.captchaText });
  const verification = createVerificationModule({ db, limiter, sms: messaging.sms, now });
  const bus = createEventBus((error, event) => app.log.error({ err: error, event }, 'event listener failed'));
  app.decorate('bus', bus);
  // Public catalogue and content answers (lib/response-cache.ts); dropped per merchant on `catalogue.changed`.
  const responseCache = await createResponseCache({ bus, redisUrl: env.REDIS_URL, log: app.log });
  app.addHook('onClose', responseCache.close);
  const jobs = createJobsModule({ db, now, app });
  const ledger = createLedgerModule({ db });
  jobs.scheduler.register(...ledger.jobs(app.log));
  const wallet = createWalletModule({ ledger: ledger.service, bus });
  const referral = createReferralProgramme({ db, now, merchants });
  const identity = createIdentityModule({
    ...{ db, merchants, limiter, now, hasher: deps.hasher },
    onTrialCreated: wallet.service.fundPlay,
    endGameSessions: (tx, merchantId, memberId) => endMemberGameSessions(tx, merchantId, memberId, now()),
    sealed: sealed.service,
    captcha: captcha.service,
    verification: verification.service,
    email: messaging.email,
    // Registration through an agent's invitation link (the agents domain implements identity's port).
    invitations: createAgentInvitations({ db, now }),
    referrals: referral.registrations,
  });

  app.decorateRequest('session', null);
  await app.register(healthRoutes, { db });
  await app.register(systemRoutes, {
    system: systemServiceFactory({
      merchants,
      helpSections: helpSectionsReader(db),
      publicKey: sealed.service.publicKey,
      now,
    }),
    resolveMerchant: merchants.resolveByHost,
    now,
    onLanguageChange: identity.storeLanguage,
  });
  await app.register(captchaRoutes, {
    captcha: captcha.service,
    resolveMerchant: merchantOf,
    offersTextQuestion: async (merchantId) =>
      isModuleEnabled(await merchants.whitelabelTree(merchantId), WHITELABEL_MODULES.CAPTCHA_TEXT_ALTERNATIVE),
  });
  await app.register(identity.routes);
  const staffModule = createStaffModule({
    ...{ db, now, limiter, hasher: deps.hasher, secrets: deps.staffSecrets },
    merchantOf: identity.merchantOf,
  });
  await app.register(staffModule.routes);
  const staff = staffModule.auth;
  await app.register(wallet.routes({ auth: identity.auth, merchantOf: identity.merchantOf }));
  const adjustments = createAdjustmentModule({
    ...{ db, now, wallet: wallet.service },
    findMember: identity.directory.byUsername,
  });
  await app.register(adjustments.routes({ staff }));
  // The member context beside each queued deposit and withdrawal (back office cashier).
  const memberContexts = createMemberContexts({ db, now });
  // The bonus wallet (DESIGN.md §13): grants, their conversion, expiry and forfeit; bets spend it through seamless.
  const bonusWallet = createBonusWalletModule({
    ...{ db, wallet: wallet.service, merchants, bus, now },
    onGranted: (granted) => bus.emit('bonus.granted', granted),
  });
  jobs.scheduler.register(...bonusWallet.jobs);
  app.decorate('bonusWallet', bonusWallet.service);
  await app.register(bonusWallet.routes({ auth: identity.auth, merchantOf: identity.merchantOf }));
  const promotions = createPromotionsModule({
    ...{ db, bonus: bonusWallet.service, now },
    whitelabelTree: merchants.whitelabelTree,
    referralEnabled: referral.enabled,
  });
  app.decorate('promotions', promotions);
  await app.register(promotions.routes({ auth: identity.auth, merchantOf: identity.merchantOf, limiter, staff }));
  const transfer = createTransferModule({ db, wallet: wallet.service, directory: identity.directory, limiter, now });
  await app.register(transfer.routes({ auth: identity.auth, merchantOf: identity.merchantOf, sealed: sealed.service }));
  const withdraw = createWithdrawModule({
    ...{ db, now, bus, wallet: wallet.service, merchantById: merchants.byId },
    members: identity.directory,
    checkPaymentPassword: identity.directory.checkPaymentPassword,
    memberContexts,
    beforeWithdraw: bonusWallet.service.beforeWithdraw,
    levelLimits: vipWithdrawLimits(db),
  });
  await app.register(
    withdraw.routes({ auth: identity.auth, merchantOf: identity.merchantOf, sealed: sealed.service, staff }),
  );
  // Credits deposits that no money backs: never in production (ADR 0016). Embedded mode: without DEMO_GATEWAY_SECRET
  // the gateway and the webhook share a secret of this process only.
  const demoGateway =
    env.NODE_ENV === 'production'
      ? undefined
      : createDemoGateway({
          ...{ db, now, secret: env.DEMO_GATEWAY_SECRET ?? randomToken(32) },
          log: (message, detail) => app.log.warn(detail, message),
        });
  if (demoGateway !== undefined) await app.register(demoGateway.routes);
  const deposit = createDepositModule({
    ...{ db, now, bus, limiter, wallet: wallet.service, merchantById: merchants.byId },
    gateways: demoGateway === undefined ? [] : [demoGateway.gateway],
    findMember: identity.directory.byUsername,
    memberContexts,
    promotion: promotions.deposits,
  });
  await app.register(
    deposit.routes({ auth: identity.auth, merchantOf: identity.merchantOf, ownsHost: merchants.ownsHost, staff }),
  );
  jobs.scheduler.register(...deposit.jobs);
  const vendorWallet = await createVendorWalletModule({
    ...{ db, now, bus, wallet: wallet.service, merchantById: merchants.byId, log: app.log },
    ...{ vendorSecret: deps.vendorSecret, selfUrl: deps.selfUrl },
    callTimeoutMs: deps.vendorCallTimeoutMs,
  });
  await app.register(vendorWallet.routes({ auth: identity.auth, merchantOf: identity.merchantOf, staff, limiter }));
  vendorWallet.start(app);
  jobs.scheduler.register(...vendorWallet.jobs);
  const catalogue = createCatalogueModule({
    ...{ db, now, bus, limiter, merchants, cache: responseCache, log: app.log },
    launchers: deps.gameLaunchers,
    adapters: deps.catalogueAdapters,
    fundPlay: wallet.service.fundPlay,
  });
  await app.register(catalogue.routes({ auth: identity.auth, merchantOf: identity.merchantOf, staff }));
  catalogue.start(app);
  jobs.scheduler.register(...catalogue.jobs);
  // Play statistics (DESIGN.md §11): the rollups every report and reward reads.
  const playStats = createPlayStatsModule({ db });
  jobs.scheduler.register(...playStats.jobs);
  // Engagement (issues 20 and 21): reward centre, VIP, rebates and what builds on them (engagement-modules.ts).
  await registerEngagementModules(app, {
    ...{ db, now, jobs: jobs.scheduler, merchants, bus, limiter, staff, play: playStats },
    ...{ auth: identity.auth, merchantOf: identity.merchantOf, sealed: sealed.service },
    ...{ wallet: wallet.service, bonus: bonusWallet.service, members: identity.directory, promotions },
  });
  // Team rollups (DESIGN.md §12): every agent page's figures, from play statistics and the orders.
  const agentTeam = createAgentTeamModule({ db });
  jobs.scheduler.register(...agentTeam.jobs);
  const seamless = createSeamlessModule({
    ...{ db, now, bus, wallet: wallet.service, merchants, vendorSecret: deps.vendorSecret },
    log: app.log,
    bonus: bonusWallet.service.convert,
  });
  await app.register(seamless.routes);
  // The lottery back office (issue 23, ADR 0048): staff calls signed to the RGS's lottery admin API, audited here.
  const lotteryOps = createLotteryOpsModule({ db, now, vendorSecret: deps.vendorSecret, selfUrl: deps.selfUrl });
  await app.register(lotteryOps.routes({ staff }));
  // Every vendor with a launch_url launches through it, unless a vendor has a launcher of its own.
  catalogue.launchers.setFallback(seamless.launcher);
  app.decorate(
    'demoActivity',
    demoGateway === undefined
      ? null
      : createDemoActivity({
          ...{ db, now, merchantById: merchants.byId, findMember: identity.directory.byUsername },
          ...{ deposits: deposit.service, launcher: seamless.launcher, vendorSecret: deps.vendorSecret },
          selfUrl: deps.selfUrl,
        }),
  );
  const content = createContentModule({
    ...{ db, now, cache: responseCache, languages: merchants.languages },
    isFirstLoginSession: identity.directory.isFirstLoginSession,
  });
  await app.register(content.routes({ auth: identity.auth, merchantOf: identity.merchantOf, staff }));
  // The home banner a page's first HTML shows (plugins/web-app.ts): the first live w_home banner of the Host's merchant
  // in its default language, kept 30 seconds (a staff change shows in the app at once, in the first paint within that).
  const homeBanner = ttlMemo(
    async (host) => {
      const merchant = await merchants.resolveByHost(host);
      const { list } = await content.service.banners(merchant, { groupName: 'w_home' }, now());
      const [first] = list;
      return first === undefined ? null : { imageUrl: first.imageUrl, single: list.length === 1 };
    },
    { ttlMs: 30_000 },
  );
  const webShell: WebShell = (request) => homeBanner(request.host);
  // A page's Content Security Policy names the merchant's origins, CDNs and game clients (ADR 0020): built from its
  // configuration once per Host and kept 30 seconds, so a page costs no lookup and a change shows within that.
  const pageSources = ttlMemo(
    async (host) => {
      const merchant = await merchants.resolveByHost(host);
      const [domains, cdns, launchUrls] = await Promise.all([
        merchants.domains(merchant.id),
        merchants.cdns(merchant.id),
        catalogue.launchUrls(merchant.id),
      ]);
      const origins = (urls: readonly string[]) => urls.map(originOf).filter((origin) => origin !== null);
      const sources = {
        merchantOrigins: origins(domains.map((domain) => `https://${domain}`)),
        imageOrigins: origins(cdns.filter((cdn) => cdn.kind === 'IMAGE').map((cdn) => cdn.url)),
        frameOrigins: origins([...launchUrls, ...cdns.filter((cdn) => cdn.kind === 'LAUNCH').map((cdn) => cdn.url)]),
        analytics: merchant.gtagId !== null && merchant.gtagId !== '',
      };
      return { web: pageHeadersOf('web', sources), ops: pageHeadersOf('ops', sources) };
    },
    { ttlMs: 30_000 },
  );
  const pageHeaders: PageHeaders = async (request, spa) => (await pageSources(request.host))[spa];
  const bets = createBetsModule({
    ...{ db, now, bus, limiter, merchantById: merchants.byId, languages: merchants.languages, log: app.log },
    invalidateBoard: content.invalidate,
    selfUrl: deps.selfUrl,
    jackpotTimeoutMs: deps.jackpotTimeoutMs,
  });
  await app.register(bets.routes({ auth: identity.auth, merchantOf: identity.merchantOf }));
  await app.register(createConfigOps({ db, now, cache: responseCache, recordAudit }).routes({ staff }));
  const memberOps = createMemberOpsModule({
    ...{ db, now, wallet: wallet.service, records: transfer.records, bets: bets.bets },
    ...{ identity: identity.staffActions, members: identity.memberStaff, email: messaging.email, sms: messaging.sms },
  });
  await app.register(memberOps.routes({ staff, ownsHost: merchants.ownsHost }));
  await app.register(createAuditModule({ db }).routes({ staff }));
  await app.register(createReportsModule({ db, now }).routes({ staff }));
  // The agent centre (issue 18): the pages that read the team rollups.
  const agentCentre = createAgentCentreModule({
    ...{ db, now, teamStats: agentTeam, play: playStats },
    accounts: identity.downlineAccounts,
    statuses: { ...identity.memberStaff, revokeSessions: identity.staffActions.revokeSessions },
  });
  await app.register(
    agentCentre.routes({ auth: identity.auth, merchantOf: identity.merchantOf, sealed: sealed.service }),
  );
  // The back office's agent screens (issue 18): the tree, moves, limits and team reports.
  const agentOps = createAgentOpsModule({
    ...{ db, now, members: identity.memberStaff, team: agentTeam },
    limits: {
      limitsOf: agentCentre.limitsOf,
      setLimits: agentCentre.setLimits,
      settings: agentCentre.settings,
      setSettings: agentCentre.setSettings,
    },
  });
  await app.register(agentOps.routes({ staff }));
  // Agent contracts (issue 19): offers, settlement jobs, each agent's differential from the COMMISSIONS account.
  const payments = contractPayments({ wallet: wallet.service, merchantById: merchants.byId });
  const agentContract = createAgentContractModule({
    ...{ db, now, adjust: payments.adjust },
    onOffered: (offer) => bus.emit('contract.offered', offer),
    ports: { teamsPlay: agentTeam.teamsPlay, payMany: payments.payMany },
  });
  await app.register(agentContract.routes({ auth: identity.auth, merchantOf: identity.merchantOf, limiter }));
  await app.register(agentContract.opsRoutes({ staff }));
  jobs.scheduler.register(...agentContract.jobs);
  // Internal messages (issue 22); other modules' events send their system messages from the bus (system-messages.ts).
  const inbox = createInboxModule({ db, now, bus });
  await app.register(inbox.routes({ auth: identity.auth, merchantOf: identity.merchantOf, staff }));
  jobs.scheduler.register(...inbox.jobs);
  await app.register(createFeedbackModule({ db, now, limiter }).routes({ auth: identity.auth, staff }));
  const liveChat = createLiveChatModule({ db, now, limiter });
  await app.register(liveChat.routes({ auth: identity.auth, merchantOf: identity.merchantOf, staff }));
  sendSystemMessages({ bus, inbox, merchants });
  const realtime = await createRealtime({
    ...{ app, bus, redisUrl: env.REDIS_URL },
    wallet: wallet.service,
    merchantByHost: merchants.resolveByHost,
    merchantById: merchants.byId,
    resolveSession: identity.resolveSession,
    memberType: async (merchantId, memberId) => (await identity.directory.byId(merchantId, memberId))?.userType ?? null,
  });
  app.decorate('realtime', realtime);
  // Hands out SMS codes and reset links to anyone: never in production.
  if (env.NODE_ENV !== 'production') {
    await app.register(devOutboxRoutes, { outbox: messaging.outbox, resolveMerchant: merchantOf });
  }

  const tasks: HousekeepingTask[] = [
    { name: 'rate-limits', run: limiter.purge },
    { name: 'sealed-nonces', run: (batch) => sealed.purge(now(), batch) },
    { name: 'captchas', run: (batch) => captcha.purge(now(), batch) },
    { name: 'verification-codes', run: (batch) => verification.purge(now(), batch) },
    { name: 'identity', run: identity.purge },
    { name: 'outbox', run: messaging.purge },
    { name: 'game-sessions', run: seamless.purge },
    { name: 'staff', run: staffModule.purge },
    { name: 'job-runs', run: jobs.purge },
  ];
  jobs.scheduler.register(...withdraw.jobs, ...housekeepingJobs(app.log, tasks), ...plannerStatisticsJobs(db));
  app.decorate('housekeeping', tasks);
  return { webShell, pageHeaders };
};
