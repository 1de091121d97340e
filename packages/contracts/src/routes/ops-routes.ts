import { BetRecordPageSchema, BetRecordQuerySchema } from '../bets';
import {
  AdjustmentPageSchema,
  AdjustmentQuerySchema,
  AdjustmentRejectSchema,
  AdjustmentRequestSchema,
  AdjustmentResultSchema,
  AdjustmentSettingsSchema,
} from '../cashier-ops';
import { GamePatchSchema } from '../catalogue';
import {
  OpsGameOrderResultSchema,
  OpsGameOrderSchema,
  OpsGamePageSchema,
  OpsGameQuerySchema,
  OpsGameSchema,
  OpsVendorListSchema,
  OpsVendorParamsSchema,
  OpsVendorPatchSchema,
  OpsVendorSchema,
} from '../catalogue-ops';
import {
  OpsCustomerServiceSchema,
  OpsCustomerServiceUpdateSchema,
  OpsLanguagesSchema,
  OpsLanguagesUpdateSchema,
  OpsMaintenanceSchema,
  OpsMaintenanceUpdateSchema,
  OpsRegionRulesSchema,
  OpsRegionRulesUpdateSchema,
  OpsRegisterSettingsSchema,
  OpsRegisterSettingsUpdateSchema,
  OpsResourcesSchema,
  OpsResourcesUpdateSchema,
  OpsWhitelabelSchema,
  OpsWhitelabelUpdateSchema,
} from '../config-ops';
import {
  ContentIdParamsSchema,
  HelpSectionParamsSchema,
  OpsBannerCreateSchema,
  OpsBannerPageSchema,
  OpsBannerQuerySchema,
  OpsBannerSchema,
  OpsBannerUpdateSchema,
  OpsHelpSectionCreateSchema,
  OpsHelpSectionListSchema,
  OpsHelpSectionQuerySchema,
  OpsHelpSectionSchema,
  OpsHelpSectionUpdateSchema,
  OpsNoticeCreateSchema,
  OpsNoticePageSchema,
  OpsNoticeQuerySchema,
  OpsNoticeSchema,
  OpsNoticeUpdateSchema,
} from '../content-ops';
import { OpsDepositOrderSchema, OpsDepositPageSchema, OpsDepositQuerySchema, OpsDepositRejectSchema } from '../deposit';
import {
  MemberLoginPageSchema,
  MemberLoginsQuerySchema,
  MemberNotePageSchema,
  MemberNoteRequestSchema,
  MemberNoteSchema,
  MemberNotesQuerySchema,
  MemberParamsSchema,
  MemberPasswordResetRequestSchema,
  MemberPasswordResetResultSchema,
  MemberSearchPageSchema,
  MemberSearchQuerySchema,
  MemberStatusRequestSchema,
  MemberStatusResultSchema,
  OpsMemberProfileSchema,
} from '../member-ops';
import { OPS_API } from '../ops-paths';
import {
  OpsChannelParamsSchema,
  OpsDepositChannelCreateSchema,
  OpsDepositChannelListSchema,
  OpsDepositChannelSchema,
  OpsDepositChannelUpdateSchema,
  OpsWithdrawSettingsSchema,
  OpsWithdrawSettingsUpdateSchema,
} from '../payments-ops';
import {
  OpsAuditPageSchema,
  OpsAuditQuerySchema,
  OpsCashierReportQuerySchema,
  OpsCashierReportSchema,
  OpsDailyReportQuerySchema,
  OpsDailyReportSchema,
  OpsDashboardSchema,
} from '../reports';
import {
  AdjustmentIdParamsSchema,
  DepositOrderParamsSchema,
  GameNodeParamsSchema,
  WithdrawOrderParamsSchema,
  WithdrawProofParamsSchema,
} from './params';
import {
  StaffAccountPageSchema,
  StaffAccountSchema,
  StaffCreateSchema,
  StaffEnrolRequestSchema,
  StaffEnrolResponseSchema,
  StaffIdParamsSchema,
  StaffInvitationRequestSchema,
  StaffListQuerySchema,
  StaffLoginRequestSchema,
  StaffLoginResponseSchema,
  StaffMfaRequestSchema,
  StaffProfileSchema,
  StaffSessionSchema,
  StaffUpdateSchema,
} from '../staff';
import { TransactionPageSchema, TransactionsQuerySchema } from '../transfer';
import { StaffVendorTransferPageSchema, VendorTransferListQuerySchema } from '../vendor-wallet';
import {
  OpsWithdrawalDecisionSchema,
  OpsWithdrawalPageSchema,
  OpsWithdrawalQuerySchema,
  RejectWithdrawalRequestSchema,
} from '../withdraw';
import type { RouteDescriptor } from './route-descriptor';

type Staff = Omit<RouteDescriptor, 'auth'>;
type StaffRoutes<R extends readonly Staff[]> = { -readonly [K in keyof R]: R[K] & { auth: 'staff' } };
/** Every back-office call needs a staff session; its permission is in STAFF_ENDPOINTS. */
const staff = <const R extends readonly Staff[]>(routes: R): StaffRoutes<R> =>
  routes.map((route) => ({ ...route, auth: 'staff' })) as StaffRoutes<R>;

/** The site configuration areas: GET the area, PUT (whitelabel: PATCH) its new state (config-ops.ts). */
const CONFIG_WRITES = [
  { method: 'PATCH', path: OPS_API.config.whitelabel, body: OpsWhitelabelUpdateSchema, response: OpsWhitelabelSchema },
  {
    method: 'PUT',
    path: OPS_API.config.register,
    body: OpsRegisterSettingsUpdateSchema,
    response: OpsRegisterSettingsSchema,
  },
  { method: 'PUT', path: OPS_API.config.languages, body: OpsLanguagesUpdateSchema, response: OpsLanguagesSchema },
  { method: 'PUT', path: OPS_API.config.resources, body: OpsResourcesUpdateSchema, response: OpsResourcesSchema },
  {
    method: 'PUT',
    path: OPS_API.config.customerService,
    body: OpsCustomerServiceUpdateSchema,
    response: OpsCustomerServiceSchema,
  },
  { method: 'PUT', path: OPS_API.config.maintenance, body: OpsMaintenanceUpdateSchema, response: OpsMaintenanceSchema },
  { method: 'PUT', path: OPS_API.config.regionRules, body: OpsRegionRulesUpdateSchema, response: OpsRegionRulesSchema },
] as const satisfies readonly Staff[];
/** The GET of each area: one element type per path, so a route's descriptor can be found by its method and path. */
type ConfigRead<W> = W extends { path: infer P; response: infer R } ? { method: 'GET'; path: P; response: R } : never;
const CONFIG_READS = CONFIG_WRITES.map(({ path, response }) => ({ method: 'GET', path, response })) as ConfigRead<
  (typeof CONFIG_WRITES)[number]
>[];

/** The back office's calls (issues 4, 5 and 7). */
export const OPS_ROUTES = [
  // Sign-in steps: what a caller without a session uses
  {
    method: 'POST',
    path: OPS_API.auth.login,
    auth: 'none',
    body: StaffLoginRequestSchema,
    response: StaffLoginResponseSchema,
  },
  {
    method: 'POST',
    path: OPS_API.auth.enrol,
    auth: 'none',
    body: StaffEnrolRequestSchema,
    response: StaffEnrolResponseSchema,
  },
  {
    method: 'POST',
    path: OPS_API.auth.invitation,
    auth: 'none',
    body: StaffInvitationRequestSchema,
    response: StaffLoginResponseSchema,
  },
  { method: 'POST', path: OPS_API.auth.mfa, auth: 'none', body: StaffMfaRequestSchema, response: StaffSessionSchema },
  ...staff([
    { method: 'POST', path: OPS_API.auth.logout },
    { method: 'GET', path: OPS_API.auth.me, response: StaffProfileSchema },
    // Staff accounts
    { method: 'GET', path: OPS_API.staff.list, query: StaffListQuerySchema, response: StaffAccountPageSchema },
    { method: 'POST', path: OPS_API.staff.list, body: StaffCreateSchema, response: StaffAccountSchema },
    {
      method: 'PATCH',
      path: OPS_API.staff.account,
      params: StaffIdParamsSchema,
      body: StaffUpdateSchema,
      response: StaffAccountSchema,
    },
    { method: 'POST', path: OPS_API.staff.resetMfa, params: StaffIdParamsSchema, response: StaffAccountSchema },
    // Members and agents
    { method: 'GET', path: OPS_API.members, query: MemberSearchQuerySchema, response: MemberSearchPageSchema },
    { method: 'GET', path: OPS_API.member, params: MemberParamsSchema, response: OpsMemberProfileSchema },
    {
      method: 'GET',
      path: OPS_API.memberLogins,
      params: MemberParamsSchema,
      query: MemberLoginsQuerySchema,
      response: MemberLoginPageSchema,
    },
    {
      method: 'GET',
      path: OPS_API.memberTransactions,
      params: MemberParamsSchema,
      query: TransactionsQuerySchema,
      response: TransactionPageSchema,
    },
    {
      method: 'GET',
      path: OPS_API.memberBets,
      params: MemberParamsSchema,
      query: BetRecordQuerySchema,
      response: BetRecordPageSchema,
    },
    {
      method: 'POST',
      path: OPS_API.memberStatus,
      params: MemberParamsSchema,
      body: MemberStatusRequestSchema,
      response: MemberStatusResultSchema,
    },
    {
      method: 'POST',
      path: OPS_API.memberPasswordReset,
      params: MemberParamsSchema,
      body: MemberPasswordResetRequestSchema,
      response: MemberPasswordResetResultSchema,
    },
    {
      method: 'GET',
      path: OPS_API.memberNotes,
      params: MemberParamsSchema,
      query: MemberNotesQuerySchema,
      response: MemberNotePageSchema,
    },
    {
      method: 'POST',
      path: OPS_API.memberNotes,
      params: MemberParamsSchema,
      body: MemberNoteRequestSchema,
      response: MemberNoteSchema,
    },
    // Cashier
    { method: 'GET', path: OPS_API.deposits, query: OpsDepositQuerySchema, response: OpsDepositPageSchema },
    {
      method: 'POST',
      path: OPS_API.depositApprove,
      params: DepositOrderParamsSchema,
      response: OpsDepositOrderSchema,
    },
    {
      method: 'POST',
      path: OPS_API.depositReject,
      params: DepositOrderParamsSchema,
      body: OpsDepositRejectSchema,
      response: OpsDepositOrderSchema,
    },
    { method: 'GET', path: OPS_API.withdrawals, query: OpsWithdrawalQuerySchema, response: OpsWithdrawalPageSchema },
    {
      method: 'POST',
      path: OPS_API.withdrawalApprove,
      params: WithdrawOrderParamsSchema,
      response: OpsWithdrawalDecisionSchema,
    },
    {
      method: 'POST',
      path: OPS_API.withdrawalReject,
      params: WithdrawOrderParamsSchema,
      body: RejectWithdrawalRequestSchema,
      response: OpsWithdrawalDecisionSchema,
    },
    { method: 'GET', path: OPS_API.withdrawalProof, params: WithdrawProofParamsSchema },
    { method: 'POST', path: OPS_API.adjustments, body: AdjustmentRequestSchema, response: AdjustmentResultSchema },
    { method: 'GET', path: OPS_API.adjustments, query: AdjustmentQuerySchema, response: AdjustmentPageSchema },
    {
      method: 'POST',
      path: OPS_API.adjustmentApprove,
      params: AdjustmentIdParamsSchema,
      response: AdjustmentResultSchema,
    },
    {
      method: 'POST',
      path: OPS_API.adjustmentReject,
      params: AdjustmentIdParamsSchema,
      body: AdjustmentRejectSchema,
      response: AdjustmentResultSchema,
    },
    { method: 'GET', path: OPS_API.adjustmentSettings, response: AdjustmentSettingsSchema },
    {
      method: 'PUT',
      path: OPS_API.adjustmentSettings,
      body: AdjustmentSettingsSchema,
      response: AdjustmentSettingsSchema,
    },
    {
      method: 'GET',
      path: OPS_API.vendorTransfers,
      query: VendorTransferListQuerySchema,
      response: StaffVendorTransferPageSchema,
    },
    // Site configuration
    ...CONFIG_READS,
    ...CONFIG_WRITES,
    // Games, vendors and payment channels
    { method: 'GET', path: OPS_API.games, query: OpsGameQuerySchema, response: OpsGamePageSchema },
    {
      method: 'PATCH',
      path: OPS_API.game,
      params: GameNodeParamsSchema,
      body: GamePatchSchema,
      response: OpsGameSchema,
    },
    { method: 'PUT', path: OPS_API.gameOrder, body: OpsGameOrderSchema, response: OpsGameOrderResultSchema },
    { method: 'GET', path: OPS_API.vendors, response: OpsVendorListSchema },
    {
      method: 'PATCH',
      path: OPS_API.vendor,
      params: OpsVendorParamsSchema,
      body: OpsVendorPatchSchema,
      response: OpsVendorSchema,
    },
    { method: 'GET', path: OPS_API.depositChannels, response: OpsDepositChannelListSchema },
    {
      method: 'POST',
      path: OPS_API.depositChannels,
      body: OpsDepositChannelCreateSchema,
      response: OpsDepositChannelSchema,
    },
    {
      method: 'PATCH',
      path: OPS_API.depositChannel,
      params: OpsChannelParamsSchema,
      body: OpsDepositChannelUpdateSchema,
      response: OpsDepositChannelSchema,
    },
    { method: 'GET', path: OPS_API.withdrawSettings, response: OpsWithdrawSettingsSchema },
    {
      method: 'PUT',
      path: OPS_API.withdrawSettings,
      body: OpsWithdrawSettingsUpdateSchema,
      response: OpsWithdrawSettingsSchema,
    },
    // Content and the help centre
    { method: 'GET', path: OPS_API.banners, query: OpsBannerQuerySchema, response: OpsBannerPageSchema },
    { method: 'POST', path: OPS_API.banners, body: OpsBannerCreateSchema, response: OpsBannerSchema },
    {
      method: 'PATCH',
      path: OPS_API.banner,
      params: ContentIdParamsSchema,
      body: OpsBannerUpdateSchema,
      response: OpsBannerSchema,
    },
    { method: 'DELETE', path: OPS_API.banner, params: ContentIdParamsSchema },
    { method: 'GET', path: OPS_API.notices, query: OpsNoticeQuerySchema, response: OpsNoticePageSchema },
    { method: 'POST', path: OPS_API.notices, body: OpsNoticeCreateSchema, response: OpsNoticeSchema },
    {
      method: 'PATCH',
      path: OPS_API.notice,
      params: ContentIdParamsSchema,
      body: OpsNoticeUpdateSchema,
      response: OpsNoticeSchema,
    },
    { method: 'DELETE', path: OPS_API.notice, params: ContentIdParamsSchema },
    { method: 'GET', path: OPS_API.helpSections, query: OpsHelpSectionQuerySchema, response: OpsHelpSectionListSchema },
    { method: 'POST', path: OPS_API.helpSections, body: OpsHelpSectionCreateSchema, response: OpsHelpSectionSchema },
    {
      method: 'PATCH',
      path: OPS_API.helpSection,
      params: HelpSectionParamsSchema,
      body: OpsHelpSectionUpdateSchema,
      response: OpsHelpSectionSchema,
    },
    { method: 'DELETE', path: OPS_API.helpSection, params: HelpSectionParamsSchema },
    // Dashboard, reports and the audit log
    { method: 'GET', path: OPS_API.dashboard, response: OpsDashboardSchema },
    { method: 'GET', path: OPS_API.reportDaily, query: OpsDailyReportQuerySchema, response: OpsDailyReportSchema },
    { method: 'GET', path: OPS_API.reportDailyCsv, query: OpsDailyReportQuerySchema },
    {
      method: 'GET',
      path: OPS_API.reportCashier,
      query: OpsCashierReportQuerySchema,
      response: OpsCashierReportSchema,
    },
    { method: 'GET', path: OPS_API.reportCashierCsv, query: OpsCashierReportQuerySchema },
    { method: 'GET', path: OPS_API.audit, query: OpsAuditQuerySchema, response: OpsAuditPageSchema },
    { method: 'GET', path: OPS_API.auditCsv, query: OpsAuditQuerySchema },
  ]),
] as const satisfies readonly RouteDescriptor[];
