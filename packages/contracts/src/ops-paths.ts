/**
 * Staff API paths (the back office, issue 7; every one is in STAFF_ENDPOINTS with its permission). Kept apart from
 * `API` so the player app, which never calls them, does not ship them in its first page.
 */
export const OPS_API = {
  /** Staff sign-in (staff.ts): login → ENROL or MFA → a session (`Authorization: Bearer <token>`). */
  auth: {
    /** POST { username, password } → StaffLoginResponseSchema (stage MFA or ENROL, with a challenge). */
    login: '/wps/ops/auth/login',
    /** POST { challenge, code } → StaffEnrolResponseSchema (session and the recovery codes, shown once). */
    enrol: '/wps/ops/auth/enrol',
    /** POST { challenge, code } or { challenge, recoveryCode } → StaffSessionSchema. */
    mfa: '/wps/ops/auth/mfa',
    /** POST { token, password } (an enrolment link's token) → StaffLoginResponseSchema, stage ENROL. */
    invitation: '/wps/ops/auth/invitation',
    /** POST (any staff session): ends the session. */
    logout: '/wps/ops/auth/logout',
    /** GET (any staff session): StaffProfileSchema. */
    me: '/wps/ops/auth/me',
  },
  /** Staff accounts of the merchant (staff.manage). */
  staff: {
    /** GET StaffListQuerySchema → StaffAccountPageSchema; POST StaffCreateSchema → StaffAccountSchema. */
    list: '/wps/ops/staff',
    /** PATCH StaffUpdateSchema → StaffAccountSchema. */
    account: '/wps/ops/staff/:id',
    /** POST: clears TOTP and recovery codes and ends the account's sessions; the next sign-in enrols again. */
    resetMfa: '/wps/ops/staff/:id/reset-mfa',
  },
  /** GET (members.view): search members and agents, MemberSearchQuerySchema → MemberSearchPageSchema (member-ops.ts). */
  members: '/wps/ops/members',
  /** GET (members.view): profile, upline chain, balances, OpsMemberProfileSchema. */
  member: '/wps/ops/members/:memberId',
  /** GET (members.view): login history, paged. */
  memberLogins: '/wps/ops/members/:memberId/logins',
  /** GET (members.view): the member's account record (TransactionsQuerySchema → TransactionPageSchema). */
  memberTransactions: '/wps/ops/members/:memberId/transactions',
  /** GET (members.view): the member's betting record (BetRecordQuerySchema → BetRecordPageSchema). */
  memberBets: '/wps/ops/members/:memberId/bets',
  /** POST (members.status): lock, unlock or close with a reason. */
  memberStatus: '/wps/ops/members/:memberId/status',
  /** POST (members.password): send the member a single-use reset link. */
  memberPasswordReset: '/wps/ops/members/:memberId/password-reset',
  /** GET (members.view) newest first; POST (members.note) adds one. */
  memberNotes: '/wps/ops/members/:memberId/notes',
  deposits: '/wps/ops/deposits',
  depositApprove: '/wps/ops/deposits/:orderNo/approve',
  depositReject: '/wps/ops/deposits/:orderNo/reject',
  withdrawals: '/wps/ops/withdrawals',
  withdrawalApprove: '/wps/ops/withdrawals/:orderNo/approve',
  withdrawalReject: '/wps/ops/withdrawals/:orderNo/reject',
  /** GET (cashier.view): a proof image the member uploaded when confirming receipt. */
  withdrawalProof: '/wps/ops/withdrawals/:orderNo/proofs/:proofId',
  /** POST AdjustmentRequestSchema (adjustment.request); GET AdjustmentQuerySchema → AdjustmentPageSchema (same). */
  adjustments: '/wps/ops/adjustments',
  /** POST (adjustment.approve): a pending adjustment of another staff member; applies it once. */
  adjustmentApprove: '/wps/ops/adjustments/:id/approve',
  /** POST AdjustmentRejectSchema (adjustment.approve). */
  adjustmentReject: '/wps/ops/adjustments/:id/reject',
  /** GET, PUT AdjustmentSettingsSchema (payments.manage): the amount above which a second approver is needed. */
  adjustmentSettings: '/wps/ops/config/adjustments',
  /** Site configuration (config.manage; config-ops.ts): GET the area, PUT (whitelabel: PATCH) the new state. */
  config: {
    /** GET OpsWhitelabelSchema; PATCH OpsWhitelabelUpdateSchema. */
    whitelabel: '/wps/ops/config/whitelabel',
    /** GET OpsRegisterSettingsSchema; PUT OpsRegisterSettingsUpdateSchema. */
    register: '/wps/ops/config/register',
    /** GET OpsLanguagesSchema; PUT OpsLanguagesUpdateSchema. */
    languages: '/wps/ops/config/languages',
    /** GET OpsResourcesSchema; PUT OpsResourcesUpdateSchema. */
    resources: '/wps/ops/config/resources',
    /** GET OpsCustomerServiceSchema; PUT OpsCustomerServiceUpdateSchema. */
    customerService: '/wps/ops/config/customer-service',
    /** GET OpsMaintenanceSchema; PUT OpsMaintenanceUpdateSchema. */
    maintenance: '/wps/ops/config/maintenance',
    /** GET OpsRegionRulesSchema; PUT OpsRegionRulesUpdateSchema. */
    regionRules: '/wps/ops/config/region-rules',
  },
  vendorTransfers: '/wps/ops/vendor-transfers',
  /** PATCH (staff): a game's isHot, isNew, status, sort (issue 5; GamePatchSchema). Invalidates the catalogue cache. */
  game: '/wps/ops/games/:nodeId',
  /** GET (games.manage): every game whatever its status, OpsGameQuerySchema → OpsGamePageSchema (catalogue-ops.ts). */
  games: '/wps/ops/games',
  /** PUT (games.manage): new sort values for several games at once, OpsGameOrderSchema. */
  gameOrder: '/wps/ops/games/order',
  /** GET (games.manage): every vendor with its status, order and new flag, OpsVendorListSchema. */
  vendors: '/wps/ops/vendors',
  /** PATCH (games.manage): a vendor's status, sort, isNew (OpsVendorPatchSchema). Invalidates the catalogue cache. */
  vendor: '/wps/ops/vendors/:code',
  /** GET list, POST create (payments.manage): deposit channels (payments-ops.ts). */
  depositChannels: '/wps/ops/deposit-channels',
  /** PATCH (payments.manage): a deposit channel's fields (OpsDepositChannelUpdateSchema). */
  depositChannel: '/wps/ops/deposit-channels/:id',
  /** GET, PUT (payments.manage): the merchant's withdrawal rules (OpsWithdrawSettingsUpdateSchema). */
  withdrawSettings: '/wps/ops/withdraw-settings',
  /** GET list, POST create (issue 5 lobby content; content-ops.ts). */
  banners: '/wps/ops/banners',
  /** PATCH update, DELETE remove. */
  banner: '/wps/ops/banners/:id',
  notices: '/wps/ops/notices',
  notice: '/wps/ops/notices/:id',
  /** GET list (?lang), POST create: help centre sections incl. the terms (issue 7; content-ops.ts). */
  helpSections: '/wps/ops/help-sections',
  /** PATCH update, DELETE remove (the terms section `term` cannot be deleted). */
  helpSection: '/wps/ops/help-sections/:lang/:anchor',
  /** GET (dashboard.view): today's figures in the merchant's time zone, OpsDashboardSchema (cached a few seconds). */
  dashboard: '/wps/ops/dashboard',
  /** GET (reports.view): bets, wins, GGR and players per day and vendor, OpsDailyReportQuerySchema. */
  reportDaily: '/wps/ops/reports/daily',
  /** GET (reports.view): the same as CSV (text/csv attachment). */
  reportDailyCsv: '/wps/ops/reports/daily/csv',
  /** GET (reports.view): deposits, withdrawals and adjustments per day, OpsCashierReportQuerySchema. */
  reportCashier: '/wps/ops/reports/cashier',
  reportCashierCsv: '/wps/ops/reports/cashier/csv',
  /** GET (audit.view): the audit log, newest first, OpsAuditQuerySchema → OpsAuditPageSchema. Read-only. */
  audit: '/wps/ops/audit',
  /** GET (audit.view): the same filters as CSV (text/csv attachment). */
  auditCsv: '/wps/ops/audit/csv',
  /** GET (agents.view): the agent tree, top-level agents or one node's direct downline (issue 18; agent-ops.ts). */
  agentTree: '/wps/ops/agent-tree',
  agentSettings: '/wps/ops/agent-settings',
  /** POST (agents.move): moves a member and its subtree under another agent or to the top, with a reason. */
  memberUpline: '/wps/ops/members/:memberId/upline',
  /** GET (agents.view), PUT (agents.limits): what an agent may create. */
  agentLimits: '/wps/ops/agents/:memberId/limits',
  /** GET (agents.view): an agent's team figures over a period, with its direct downline's. */
  agentReport: '/wps/ops/agents/:memberId/report',
  /** GET (promotions.manage): applications waiting for a decision (issue 20; promotions.ts). */
  promotionApplications: '/wps/ops/promotions/applications',
  /** POST (promotions.manage): approves an application and pays its bonus. */
  promotionApplicationApprove: '/wps/ops/promotions/applications/:id/approve',
  /** POST (promotions.manage): rejects an application, with a reason; nothing is paid. */
  promotionApplicationReject: '/wps/ops/promotions/applications/:id/reject',
  /** GET (promotions.manage): one image of an application (its position 1 to 3). */
  promotionApplicationImage: '/wps/ops/promotions/applications/:id/images/:position',
  /** GET (promotions.manage): every promotion with its terms; POST OpsPromotionInputSchema creates one. */
  promotions: '/wps/ops/promotions',
  /** PUT OpsPromotionInputSchema (promotions.manage): edits a promotion's terms (claims already paid keep theirs). */
  promotion: '/wps/ops/promotions/:id',
  /** POST OpsPromotionStatusSchema (promotions.manage): suspends (STOPPED) or resumes (ACTIVE) a promotion. */
  promotionStatus: '/wps/ops/promotions/:id/status',
  /** GET (promotions.manage): manual bonus grants; POST ManualGrantRequestSchema asks for one (maker). */
  bonusGrants: '/wps/ops/bonus-grants',
  /** POST (promotions.manage): a second staff member approves a pending manual grant (checker); it pays once. */
  bonusGrantApprove: '/wps/ops/bonus-grants/:id/approve',
  /** POST PromotionApplicationDecisionSchema (promotions.manage): rejects a pending manual grant. */
  bonusGrantReject: '/wps/ops/bonus-grants/:id/reject',
  /** GET (promotions.manage): VIP levels with their benefits and the house edges (issue 20; engagement-ops.ts). */
  vipLevels: '/wps/ops/vip-levels',
  /** PUT OpsVipLevelInputSchema (promotions.manage): creates or changes a level; a rate above the edge is refused. */
  vipLevel: '/wps/ops/vip-levels/:level',
  /** GET (promotions.manage): a promotion as members would see it, in one language (?language=EN). */
  promotionPreview: '/wps/ops/promotions/:id/preview',
  /** GET (promotions.manage): granted, converted, forfeited and outstanding bonus per promotion over a date range. */
  promotionCosts: '/wps/ops/promotion-costs',
  /** GET (promotions.manage): bonus forfeit requests; POST BonusForfeitRequestSchema forfeits or asks (maker). */
  bonusForfeits: '/wps/ops/bonus-forfeits',
  /** POST (promotions.manage): a second staff member approves a pending forfeit (checker). */
  bonusForfeitApprove: '/wps/ops/bonus-forfeits/:id/approve',
  /** POST PromotionApplicationDecisionSchema (promotions.manage): rejects a pending forfeit; the bonus stays. */
  bonusForfeitReject: '/wps/ops/bonus-forfeits/:id/reject',
} as const;
