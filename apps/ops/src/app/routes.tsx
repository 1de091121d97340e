import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { StaffPermission } from '@platform/contracts';
import type { NavGroup } from './nav';

/**
 * Every back-office page (shared file: each helper adds its entries with a small edit, never a rewrite).
 * - `path` is relative to /ops ('' is the dashboard; 'staff', 'cashier/withdrawals', 'members/:username').
 * - `permission`: the page renders only for a role that holds it (else the 403 page at the same URL); null: anyone
 *   signed in. It mirrors the permission of the API the page calls (STAFF_ENDPOINTS).
 * - `nav`: the side-nav entry (omit for detail pages); shown only when the role holds `permission`. `order` sorts
 *   entries inside a group (default 100).
 * - `Page`: lazy, so each page is its own chunk: `page(() => import('@/features/x/components/x-page'), 'XPage')`.
 */
export type OpsRoute = {
  path: string;
  permission: StaffPermission | null;
  /** Locale key of the page title (document title and nav label). */
  titleKey: string;
  nav?: { group: NavGroup; order?: number };
  Page: LazyExoticComponent<ComponentType>;
};

/** A lazily loaded named export. */
export const page = <M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string) =>
  lazy(async () => ({ default: (await load())[name] as ComponentType }));

export const OPS_ROUTES: readonly OpsRoute[] = [
  // Dashboard, reports and audit log (reports)
  {
    path: '',
    permission: 'dashboard.view',
    titleKey: 'nav.dashboard',
    nav: { group: 'dashboard' },
    Page: page(() => import('@/features/dashboard/components/dashboard-page'), 'DashboardPage'),
  },
  {
    path: 'reports/daily',
    permission: 'reports.view',
    titleKey: 'nav.reportsDaily',
    nav: { group: 'reports', order: 10 },
    Page: page(() => import('@/features/reports/components/daily-report-page'), 'DailyReportPage'),
  },
  {
    path: 'reports/cashier',
    permission: 'reports.view',
    titleKey: 'nav.reportsCashier',
    nav: { group: 'reports', order: 20 },
    Page: page(() => import('@/features/reports/components/cashier-report-page'), 'CashierReportPage'),
  },
  {
    path: 'audit',
    permission: 'audit.view',
    titleKey: 'nav.audit',
    nav: { group: 'audit' },
    Page: page(() => import('@/features/audit/components/audit-page'), 'AuditPage'),
  },
  // Cashier (cashier)
  {
    path: 'cashier/deposits',
    permission: 'cashier.view',
    titleKey: 'nav.deposits',
    nav: { group: 'cashier', order: 10 },
    Page: page(() => import('@/features/cashier/components/deposits-page'), 'DepositsPage'),
  },
  {
    path: 'cashier/withdrawals',
    permission: 'cashier.view',
    titleKey: 'nav.withdrawals',
    nav: { group: 'cashier', order: 20 },
    Page: page(() => import('@/features/cashier/components/withdrawals-page'), 'WithdrawalsPage'),
  },
  {
    path: 'cashier/adjustments',
    permission: 'adjustment.request',
    titleKey: 'nav.adjustments',
    nav: { group: 'cashier', order: 30 },
    Page: page(() => import('@/features/cashier/components/adjustments-page'), 'AdjustmentsPage'),
  },
  // Members and agents (members)
  {
    path: 'members',
    permission: 'members.view',
    titleKey: 'nav.members',
    nav: { group: 'members', order: 10 },
    Page: page(() => import('@/features/members/components/members-page'), 'MembersPage'),
  },
  {
    path: 'agents',
    permission: 'members.view',
    titleKey: 'nav.agents',
    nav: { group: 'members', order: 20 },
    Page: page(() => import('@/features/members/components/members-page'), 'AgentsPage'),
  },
  // Agents (agent-ops, issue 18)
  {
    path: 'agents/tree',
    permission: 'agents.view',
    titleKey: 'nav.agentTree',
    nav: { group: 'members', order: 30 },
    Page: page(() => import('@/features/agents/components/agent-tree-page'), 'AgentTreePage'),
  },
  // Agent contracts (issue 19)
  {
    path: 'agents/contracts',
    permission: 'agents.view',
    titleKey: 'nav.agentContracts',
    nav: { group: 'members', order: 40 },
    Page: page(() => import('@/features/agents/components/agent-contracts-page'), 'AgentContractsPage'),
  },
  {
    path: 'agents/contract-policy',
    permission: 'agents.view',
    titleKey: 'nav.contractPolicy',
    nav: { group: 'members', order: 45 },
    Page: page(() => import('@/features/agents/components/contract-policy-page'), 'ContractPolicyPage'),
  },
  {
    path: 'agents/settlements',
    permission: 'agents.view',
    titleKey: 'nav.contractSettlements',
    nav: { group: 'members', order: 50 },
    Page: page(() => import('@/features/agents/components/contract-settlements-page'), 'ContractSettlementsPage'),
  },
  {
    path: 'agents/:memberId/limits',
    permission: 'agents.view',
    titleKey: 'nav.agentLimits',
    Page: page(() => import('@/features/agents/components/agent-limits-page'), 'AgentLimitsPage'),
  },
  {
    path: 'agents/:memberId/report',
    permission: 'agents.view',
    titleKey: 'nav.agentReport',
    Page: page(() => import('@/features/agents/components/agent-report-page'), 'AgentReportPage'),
  },
  {
    path: 'members/:memberId',
    permission: 'members.view',
    titleKey: 'nav.memberDetail',
    Page: page(() => import('@/features/members/components/member-detail-page'), 'MemberDetailPage'),
  },
  // Content (content)
  {
    path: 'content/banners',
    permission: 'content.manage',
    titleKey: 'nav.banners',
    nav: { group: 'content', order: 10 },
    Page: page(() => import('@/features/content/components/banners-page'), 'BannersPage'),
  },
  {
    path: 'content/notices',
    permission: 'content.manage',
    titleKey: 'nav.notices',
    nav: { group: 'content', order: 20 },
    Page: page(() => import('@/features/content/components/notices-page'), 'NoticesPage'),
  },
  {
    path: 'content/help',
    permission: 'content.manage',
    titleKey: 'nav.help',
    nav: { group: 'content', order: 30 },
    Page: page(() => import('@/features/content/components/help-page'), 'HelpPage'),
  },
  // Messages and customer service (messages)
  {
    path: 'content/messages',
    permission: 'messages.send',
    titleKey: 'nav.messages',
    nav: { group: 'content', order: 40 },
    Page: page(() => import('@/features/messages/components/messages-page'), 'MessagesPage'),
  },
  // Promotions (issue 20)
  {
    path: 'promotions',
    permission: 'promotions.manage',
    titleKey: 'nav.promotions',
    nav: { group: 'content', order: 50 },
    Page: page(() => import('@/features/promotions/components/promotions-page'), 'PromotionsPage'),
  },
  {
    path: 'promotions/applications',
    permission: 'promotions.manage',
    titleKey: 'nav.promotionApplications',
    nav: { group: 'content', order: 60 },
    Page: page(() => import('@/features/promotions/components/applications-page'), 'ApplicationsPage'),
  },
  {
    path: 'promotions/grants',
    permission: 'promotions.manage',
    titleKey: 'nav.bonusGrants',
    nav: { group: 'content', order: 70 },
    Page: page(() => import('@/features/promotions/components/manual-grants-page'), 'ManualGrantsPage'),
  },
  // Points mall (issue 21)
  {
    path: 'points/items',
    permission: 'promotions.manage',
    titleKey: 'nav.pointsMall',
    nav: { group: 'content', order: 80 },
    Page: page(() => import('@/features/points-mall/components/mall-items-page'), 'MallItemsPage'),
  },
  {
    path: 'points/redemptions',
    permission: 'promotions.manage',
    titleKey: 'nav.pointsRedemptions',
    nav: { group: 'content', order: 90 },
    Page: page(() => import('@/features/points-mall/components/redemptions-page'), 'RedemptionsPage'),
  },
  {
    path: 'promotions/forfeits',
    permission: 'promotions.manage',
    titleKey: 'nav.bonusForfeits',
    nav: { group: 'content', order: 72 },
    Page: page(() => import('@/features/promotions/components/bonus-forfeits-page'), 'BonusForfeitsPage'),
  },
  {
    path: 'promotions/costs',
    permission: 'promotions.manage',
    titleKey: 'nav.promotionCosts',
    nav: { group: 'content', order: 74 },
    Page: page(() => import('@/features/promotions/components/promotion-costs-page'), 'PromotionCostsPage'),
  },
  {
    path: 'promotions/vip-levels',
    permission: 'promotions.manage',
    titleKey: 'nav.vipLevels',
    nav: { group: 'content', order: 76 },
    Page: page(() => import('@/features/promotions/components/vip-levels-page'), 'VipLevelsPage'),
  },
  {
    path: 'promotions/rebate-rates',
    permission: 'promotions.manage',
    titleKey: 'nav.rebateRates',
    nav: { group: 'content', order: 78 },
    Page: page(() => import('@/features/promotions/components/rebate-rates-page'), 'RebateRatesPage'),
  },
  // Missions and races (issue 21)
  {
    path: 'missions',
    permission: 'promotions.manage',
    titleKey: 'nav.missions',
    nav: { group: 'content', order: 81 },
    Page: page(() => import('@/features/missions/components/missions-page'), 'MissionsPage'),
  },
  {
    path: 'missions/races',
    permission: 'promotions.manage',
    titleKey: 'nav.races',
    nav: { group: 'content', order: 91 },
    Page: page(() => import('@/features/missions/components/races-page'), 'RacesPage'),
  },
  // Invite friends and raffles (issue 21)
  {
    path: 'promotions/referral',
    permission: 'promotions.manage',
    titleKey: 'nav.referralSettings',
    nav: { group: 'content', order: 84 },
    Page: page(() => import('@/features/referral/components/referral-settings-page'), 'ReferralSettingsPage'),
  },
  {
    path: 'promotions/raffles',
    permission: 'promotions.manage',
    titleKey: 'nav.raffles',
    nav: { group: 'content', order: 86 },
    Page: page(() => import('@/features/referral/components/raffles-page'), 'RafflesPage'),
  },
  {
    path: 'reports/engagement-cost',
    permission: 'reports.view',
    titleKey: 'nav.engagementCost',
    nav: { group: 'reports', order: 30 },
    Page: page(() => import('@/features/referral/components/engagement-cost-page'), 'EngagementCostPage'),
  },
  {
    path: 'support/chats',
    permission: 'support.handle',
    titleKey: 'nav.supportChats',
    nav: { group: 'members', order: 50 },
    Page: page(() => import('@/features/support/components/chat-console'), 'ChatConsole'),
  },
  {
    path: 'support/feedback',
    permission: 'support.handle',
    titleKey: 'nav.supportFeedback',
    nav: { group: 'members', order: 60 },
    Page: page(() => import('@/features/support/components/feedback-queue'), 'FeedbackQueue'),
  },
  {
    path: 'support/canned',
    permission: 'support.handle',
    titleKey: 'nav.supportCanned',
    nav: { group: 'members', order: 70 },
    Page: page(() => import('@/features/support/components/canned-replies-page'), 'CannedRepliesPage'),
  },
  {
    path: 'config/support',
    permission: 'config.manage',
    titleKey: 'nav.supportSettings',
    nav: { group: 'configuration', order: 55 },
    Page: page(() => import('@/features/support/components/support-settings-page'), 'SupportSettingsPage'),
  },
  // Staff (ops-shell)
  {
    path: 'staff',
    permission: 'staff.manage',
    titleKey: 'nav.staff',
    nav: { group: 'staff' },
    Page: page(() => import('@/features/staff/components/staff-page'), 'StaffPage'),
  },
  // Site configuration (config)
  {
    path: 'config/whitelabel',
    permission: 'config.manage',
    titleKey: 'nav.configWhitelabel',
    nav: { group: 'configuration', order: 10 },
    Page: page(() => import('@/features/config/components/whitelabel-page'), 'WhitelabelPage'),
  },
  {
    path: 'config/register',
    permission: 'config.manage',
    titleKey: 'nav.configRegister',
    nav: { group: 'configuration', order: 20 },
    Page: page(() => import('@/features/config/components/register-page'), 'RegisterSettingsPage'),
  },
  {
    path: 'config/languages',
    permission: 'config.manage',
    titleKey: 'nav.configLanguages',
    nav: { group: 'configuration', order: 30 },
    Page: page(() => import('@/features/config/components/languages-page'), 'LanguagesPage'),
  },
  {
    path: 'config/resources',
    permission: 'config.manage',
    titleKey: 'nav.configResources',
    nav: { group: 'configuration', order: 40 },
    Page: page(() => import('@/features/config/components/resources-page'), 'ResourcesPage'),
  },
  {
    path: 'config/customer-service',
    permission: 'config.manage',
    titleKey: 'nav.configCustomerService',
    nav: { group: 'configuration', order: 50 },
    Page: page(() => import('@/features/config/components/customer-service-page'), 'CustomerServicePage'),
  },
  {
    path: 'config/maintenance',
    permission: 'config.manage',
    titleKey: 'nav.configMaintenance',
    nav: { group: 'configuration', order: 60 },
    Page: page(() => import('@/features/config/components/maintenance-page'), 'MaintenancePage'),
  },
  {
    path: 'config/region-rules',
    permission: 'config.manage',
    titleKey: 'nav.configRegionRules',
    nav: { group: 'configuration', order: 70 },
    Page: page(() => import('@/features/config/components/region-rules-page'), 'RegionRulesPage'),
  },
  // Games & payments (catalogue-payments)
  {
    path: 'games/vendors',
    permission: 'games.manage',
    titleKey: 'nav.vendors',
    nav: { group: 'gamesPayments', order: 10 },
    Page: page(() => import('@/features/games/components/vendors-page'), 'VendorsPage'),
  },
  {
    path: 'games/lottery',
    permission: 'games.manage',
    titleKey: 'nav.lottery',
    nav: { group: 'gamesPayments', order: 15 },
    Page: page(() => import('@/features/lottery/components/lottery-page'), 'LotteryPage'),
  },
  {
    path: 'games/list',
    permission: 'games.manage',
    titleKey: 'nav.games',
    nav: { group: 'gamesPayments', order: 20 },
    Page: page(() => import('@/features/games/components/games-page'), 'GamesPage'),
  },
  {
    path: 'payments/deposit-channels',
    permission: 'payments.manage',
    titleKey: 'nav.depositChannels',
    nav: { group: 'gamesPayments', order: 30 },
    Page: page(() => import('@/features/payments/components/deposit-channels-page'), 'DepositChannelsPage'),
  },
  {
    path: 'payments/withdraw-settings',
    permission: 'payments.manage',
    titleKey: 'nav.withdrawSettings',
    nav: { group: 'gamesPayments', order: 40 },
    Page: page(() => import('@/features/payments/components/withdraw-settings-page'), 'WithdrawSettingsPage'),
  },
];
