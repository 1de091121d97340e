import { AGENT_CONTRACT_OPS_API } from './agent-contract-paths';
import { CHAT_OPS_API } from './chat';
import { FEEDBACK_OPS_API } from './feedback';
import { LOTTERY_OPS_API } from './lottery-ops';
import { INBOX_OPS_API } from './inbox';
import { MISSIONS_OPS_API } from './missions';
import { OPS_API } from './ops-paths';
import { REFERRAL_OPS_API } from './referral';
import { POINTS_OPS_API } from './points';
import type { StaffPermission } from './staff';

export type StaffEndpoint = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  /** The one permission the call needs; null: any signed-in staff member (their own session, profile). */
  permission: StaffPermission | null;
};

/**
 * Every staff endpoint of the platform and the permission it checks. The role test walks this table with every role
 * and with no session and asserts exactly who may call each one; it also fails when a `/wps/ops/` route is missing
 * from the table, so a new staff route cannot ship without its permission. Sign-in steps (login, MFA, enrolment)
 * are not here: they are what a caller without a session uses.
 */
export const STAFF_ENDPOINTS: readonly StaffEndpoint[] = [
  // Own session (issue 7)
  { method: 'GET', path: OPS_API.auth.me, permission: null },
  { method: 'POST', path: OPS_API.auth.logout, permission: null },
  // Staff accounts (issue 7)
  { method: 'GET', path: OPS_API.staff.list, permission: 'staff.manage' },
  { method: 'POST', path: OPS_API.staff.list, permission: 'staff.manage' },
  { method: 'PATCH', path: OPS_API.staff.account, permission: 'staff.manage' },
  { method: 'POST', path: OPS_API.staff.resetMfa, permission: 'staff.manage' },
  // Cashier (issue 4)
  { method: 'GET', path: OPS_API.deposits, permission: 'cashier.view' },
  { method: 'POST', path: OPS_API.depositApprove, permission: 'cashier.decide' },
  { method: 'POST', path: OPS_API.depositReject, permission: 'cashier.decide' },
  { method: 'GET', path: OPS_API.withdrawals, permission: 'cashier.view' },
  { method: 'POST', path: OPS_API.withdrawalApprove, permission: 'cashier.decide' },
  { method: 'POST', path: OPS_API.withdrawalReject, permission: 'cashier.decide' },
  { method: 'GET', path: OPS_API.withdrawalProof, permission: 'cashier.view' },
  { method: 'POST', path: OPS_API.adjustments, permission: 'adjustment.request' },
  { method: 'GET', path: OPS_API.adjustments, permission: 'adjustment.request' },
  { method: 'POST', path: OPS_API.adjustmentApprove, permission: 'adjustment.approve' },
  { method: 'POST', path: OPS_API.adjustmentReject, permission: 'adjustment.approve' },
  { method: 'GET', path: OPS_API.adjustmentSettings, permission: 'payments.manage' },
  { method: 'PUT', path: OPS_API.adjustmentSettings, permission: 'payments.manage' },
  { method: 'GET', path: OPS_API.vendorTransfers, permission: 'cashier.view' },
  // Games (issue 5)
  { method: 'PATCH', path: OPS_API.game, permission: 'games.manage' },
  // Vendors, games and payment channels (issue 7)
  { method: 'GET', path: OPS_API.games, permission: 'games.manage' },
  { method: 'PUT', path: OPS_API.gameOrder, permission: 'games.manage' },
  { method: 'GET', path: OPS_API.vendors, permission: 'games.manage' },
  { method: 'PATCH', path: OPS_API.vendor, permission: 'games.manage' },
  { method: 'GET', path: OPS_API.depositChannels, permission: 'payments.manage' },
  { method: 'POST', path: OPS_API.depositChannels, permission: 'payments.manage' },
  { method: 'PATCH', path: OPS_API.depositChannel, permission: 'payments.manage' },
  { method: 'GET', path: OPS_API.withdrawSettings, permission: 'payments.manage' },
  { method: 'PUT', path: OPS_API.withdrawSettings, permission: 'payments.manage' },
  // Members and agents (issue 7)
  { method: 'GET', path: OPS_API.members, permission: 'members.view' },
  { method: 'GET', path: OPS_API.member, permission: 'members.view' },
  { method: 'GET', path: OPS_API.memberLogins, permission: 'members.view' },
  { method: 'GET', path: OPS_API.memberTransactions, permission: 'members.view' },
  { method: 'GET', path: OPS_API.memberBets, permission: 'members.view' },
  { method: 'POST', path: OPS_API.memberStatus, permission: 'members.status' },
  { method: 'POST', path: OPS_API.memberPasswordReset, permission: 'members.password' },
  { method: 'GET', path: OPS_API.memberNotes, permission: 'members.view' },
  { method: 'POST', path: OPS_API.memberNotes, permission: 'members.note' },
  // Agents (issue 18)
  { method: 'GET', path: OPS_API.agentTree, permission: 'agents.view' },
  { method: 'GET', path: OPS_API.agentSettings, permission: 'agents.view' },
  { method: 'PUT', path: OPS_API.agentSettings, permission: 'agents.limits' },
  { method: 'POST', path: OPS_API.memberUpline, permission: 'agents.move' },
  { method: 'GET', path: OPS_API.agentLimits, permission: 'agents.view' },
  { method: 'PUT', path: OPS_API.agentLimits, permission: 'agents.limits' },
  { method: 'GET', path: OPS_API.agentReport, permission: 'agents.view' },
  // Agent contracts (issue 19)
  { method: 'GET', path: AGENT_CONTRACT_OPS_API.contractPolicy, permission: 'agents.view' },
  { method: 'PUT', path: AGENT_CONTRACT_OPS_API.contractPolicyType, permission: 'agents.limits' },
  { method: 'GET', path: AGENT_CONTRACT_OPS_API.agentContracts, permission: 'agents.view' },
  { method: 'POST', path: AGENT_CONTRACT_OPS_API.agentContracts, permission: 'agents.limits' },
  { method: 'GET', path: AGENT_CONTRACT_OPS_API.agentContract, permission: 'agents.view' },
  { method: 'POST', path: AGENT_CONTRACT_OPS_API.agentContractTerminate, permission: 'agents.limits' },
  { method: 'GET', path: AGENT_CONTRACT_OPS_API.agentSettlements, permission: 'agents.view' },
  { method: 'POST', path: AGENT_CONTRACT_OPS_API.agentSettlementRerun, permission: 'adjustment.approve' },
  { method: 'POST', path: AGENT_CONTRACT_OPS_API.agentContractAdjustments, permission: 'adjustment.approve' },
  // Content (issue 5)
  { method: 'GET', path: OPS_API.banners, permission: 'content.manage' },
  { method: 'POST', path: OPS_API.banners, permission: 'content.manage' },
  { method: 'PATCH', path: OPS_API.banner, permission: 'content.manage' },
  { method: 'DELETE', path: OPS_API.banner, permission: 'content.manage' },
  { method: 'GET', path: OPS_API.notices, permission: 'content.manage' },
  { method: 'POST', path: OPS_API.notices, permission: 'content.manage' },
  { method: 'PATCH', path: OPS_API.notice, permission: 'content.manage' },
  { method: 'DELETE', path: OPS_API.notice, permission: 'content.manage' },
  // Help centre incl. terms (issue 7)
  { method: 'GET', path: OPS_API.helpSections, permission: 'content.manage' },
  { method: 'POST', path: OPS_API.helpSections, permission: 'content.manage' },
  { method: 'PATCH', path: OPS_API.helpSection, permission: 'content.manage' },
  { method: 'DELETE', path: OPS_API.helpSection, permission: 'content.manage' },
  // Site configuration (issue 7)
  { method: 'GET', path: OPS_API.config.whitelabel, permission: 'config.manage' },
  { method: 'PATCH', path: OPS_API.config.whitelabel, permission: 'config.manage' },
  { method: 'GET', path: OPS_API.config.register, permission: 'config.manage' },
  { method: 'PUT', path: OPS_API.config.register, permission: 'config.manage' },
  { method: 'GET', path: OPS_API.config.languages, permission: 'config.manage' },
  { method: 'PUT', path: OPS_API.config.languages, permission: 'config.manage' },
  { method: 'GET', path: OPS_API.config.resources, permission: 'config.manage' },
  { method: 'PUT', path: OPS_API.config.resources, permission: 'config.manage' },
  { method: 'GET', path: OPS_API.config.customerService, permission: 'config.manage' },
  { method: 'PUT', path: OPS_API.config.customerService, permission: 'config.manage' },
  { method: 'GET', path: OPS_API.config.maintenance, permission: 'config.manage' },
  { method: 'PUT', path: OPS_API.config.maintenance, permission: 'config.manage' },
  { method: 'GET', path: OPS_API.config.regionRules, permission: 'config.manage' },
  { method: 'PUT', path: OPS_API.config.regionRules, permission: 'config.manage' },
  // Internal messages (issue 22)
  { method: 'GET', path: INBOX_OPS_API.messages, permission: 'messages.send' },
  { method: 'POST', path: INBOX_OPS_API.messages, permission: 'messages.send' },
  { method: 'DELETE', path: INBOX_OPS_API.message, permission: 'messages.send' },
  { method: 'GET', path: FEEDBACK_OPS_API.queue, permission: 'support.handle' },
  { method: 'POST', path: FEEDBACK_OPS_API.reply, permission: 'support.handle' },
  { method: 'POST', path: FEEDBACK_OPS_API.close, permission: 'support.handle' },
  { method: 'GET', path: FEEDBACK_OPS_API.image, permission: 'support.handle' },
  { method: 'GET', path: CHAT_OPS_API.chats, permission: 'support.handle' },
  { method: 'GET', path: CHAT_OPS_API.chat, permission: 'support.handle' },
  { method: 'POST', path: CHAT_OPS_API.take, permission: 'support.handle' },
  { method: 'POST', path: CHAT_OPS_API.messages, permission: 'support.handle' },
  { method: 'POST', path: CHAT_OPS_API.typing, permission: 'support.handle' },
  { method: 'POST', path: CHAT_OPS_API.transfer, permission: 'support.handle' },
  { method: 'POST', path: CHAT_OPS_API.close, permission: 'support.handle' },
  { method: 'GET', path: CHAT_OPS_API.image, permission: 'support.handle' },
  { method: 'GET', path: CHAT_OPS_API.canned, permission: 'support.handle' },
  { method: 'POST', path: CHAT_OPS_API.canned, permission: 'support.handle' },
  { method: 'PUT', path: CHAT_OPS_API.cannedOne, permission: 'support.handle' },
  { method: 'DELETE', path: CHAT_OPS_API.cannedOne, permission: 'support.handle' },
  { method: 'GET', path: CHAT_OPS_API.colleagues, permission: 'support.handle' },
  { method: 'GET', path: CHAT_OPS_API.hours, permission: 'config.manage' },
  { method: 'PUT', path: CHAT_OPS_API.hours, permission: 'config.manage' },
  { method: 'GET', path: FEEDBACK_OPS_API.settings, permission: 'config.manage' },
  { method: 'PUT', path: FEEDBACK_OPS_API.settings, permission: 'config.manage' },
  // Dashboard, reports and audit log (issue 7)
  { method: 'GET', path: OPS_API.dashboard, permission: 'dashboard.view' },
  { method: 'GET', path: OPS_API.reportDaily, permission: 'reports.view' },
  { method: 'GET', path: OPS_API.reportDailyCsv, permission: 'reports.view' },
  { method: 'GET', path: OPS_API.reportCashier, permission: 'reports.view' },
  { method: 'GET', path: OPS_API.reportCashierCsv, permission: 'reports.view' },
  { method: 'GET', path: OPS_API.audit, permission: 'audit.view' },
  { method: 'GET', path: OPS_API.auditCsv, permission: 'audit.view' },
  // Promotions (issue 20)
  { method: 'GET', path: OPS_API.promotionApplications, permission: 'promotions.manage' },
  { method: 'POST', path: OPS_API.promotionApplicationApprove, permission: 'promotions.manage' },
  { method: 'POST', path: OPS_API.promotionApplicationReject, permission: 'promotions.manage' },
  { method: 'GET', path: OPS_API.promotionApplicationImage, permission: 'promotions.manage' },
  { method: 'GET', path: OPS_API.promotions, permission: 'promotions.manage' },
  { method: 'POST', path: OPS_API.promotions, permission: 'promotions.manage' },
  { method: 'PUT', path: OPS_API.promotion, permission: 'promotions.manage' },
  { method: 'POST', path: OPS_API.promotionStatus, permission: 'promotions.manage' },
  { method: 'GET', path: OPS_API.bonusGrants, permission: 'promotions.manage' },
  { method: 'POST', path: OPS_API.bonusGrants, permission: 'promotions.manage' },
  // Invite friends and raffles (issue 21)
  { method: 'GET', path: REFERRAL_OPS_API.referralSettings, permission: 'promotions.manage' },
  { method: 'PUT', path: REFERRAL_OPS_API.referralSettings, permission: 'promotions.manage' },
  { method: 'GET', path: REFERRAL_OPS_API.raffles, permission: 'promotions.manage' },
  { method: 'POST', path: REFERRAL_OPS_API.raffles, permission: 'promotions.manage' },
  { method: 'POST', path: REFERRAL_OPS_API.raffleCancel, permission: 'promotions.manage' },
  { method: 'GET', path: REFERRAL_OPS_API.engagementCost, permission: 'reports.view' },
  { method: 'POST', path: OPS_API.bonusGrantApprove, permission: 'promotions.manage' },
  { method: 'POST', path: OPS_API.bonusGrantReject, permission: 'promotions.manage' },
  // The lottery back office (issue 23, ADR 0048)
  { method: 'GET', path: LOTTERY_OPS_API.games, permission: 'games.manage' },
  { method: 'PUT', path: LOTTERY_OPS_API.suspension, permission: 'games.manage' },
  { method: 'GET', path: LOTTERY_OPS_API.odds, permission: 'games.manage' },
  { method: 'POST', path: LOTTERY_OPS_API.odds, permission: 'games.manage' },
  { method: 'PUT', path: LOTTERY_OPS_API.caps, permission: 'games.manage' },
  { method: 'GET', path: LOTTERY_OPS_API.issues, permission: 'games.manage' },
  { method: 'POST', path: LOTTERY_OPS_API.cancelIssue, permission: 'games.manage' },
  { method: 'GET', path: LOTTERY_OPS_API.pnl, permission: 'games.manage' },
  { method: 'GET', path: OPS_API.vipLevels, permission: 'promotions.manage' },
  { method: 'PUT', path: OPS_API.vipLevel, permission: 'promotions.manage' },
  { method: 'GET', path: OPS_API.promotionPreview, permission: 'promotions.manage' },
  { method: 'GET', path: OPS_API.promotionCosts, permission: 'promotions.manage' },
  { method: 'GET', path: OPS_API.bonusForfeits, permission: 'promotions.manage' },
  { method: 'POST', path: OPS_API.bonusForfeits, permission: 'promotions.manage' },
  { method: 'POST', path: OPS_API.bonusForfeitApprove, permission: 'promotions.manage' },
  { method: 'POST', path: OPS_API.bonusForfeitReject, permission: 'promotions.manage' },
  // Points mall (issue 21)
  { method: 'GET', path: POINTS_OPS_API.items, permission: 'promotions.manage' },
  { method: 'POST', path: POINTS_OPS_API.items, permission: 'promotions.manage' },
  { method: 'PUT', path: POINTS_OPS_API.item, permission: 'promotions.manage' },
  { method: 'GET', path: POINTS_OPS_API.settings, permission: 'promotions.manage' },
  { method: 'PUT', path: POINTS_OPS_API.settings, permission: 'promotions.manage' },
  { method: 'GET', path: POINTS_OPS_API.redemptions, permission: 'promotions.manage' },
  { method: 'POST', path: POINTS_OPS_API.redemptionApprove, permission: 'promotions.manage' },
  { method: 'POST', path: POINTS_OPS_API.redemptionReject, permission: 'promotions.manage' },
  { method: 'GET', path: POINTS_OPS_API.report, permission: 'reports.view' },
  // Missions and races (issue 21)
  { method: 'GET', path: MISSIONS_OPS_API.missions, permission: 'promotions.manage' },
  { method: 'POST', path: MISSIONS_OPS_API.missions, permission: 'promotions.manage' },
  { method: 'POST', path: MISSIONS_OPS_API.missionStatus, permission: 'promotions.manage' },
  { method: 'GET', path: MISSIONS_OPS_API.report, permission: 'promotions.manage' },
  { method: 'GET', path: MISSIONS_OPS_API.races, permission: 'promotions.manage' },
  { method: 'POST', path: MISSIONS_OPS_API.races, permission: 'promotions.manage' },
  { method: 'GET', path: MISSIONS_OPS_API.race, permission: 'promotions.manage' },
];

/** The sign-in steps: staff routes without a session (the role test accepts these and nothing else off the table). */
export const STAFF_SIGN_IN_ENDPOINTS: readonly Omit<StaffEndpoint, 'permission'>[] = [
  { method: 'POST', path: OPS_API.auth.login },
  { method: 'POST', path: OPS_API.auth.enrol },
  { method: 'POST', path: OPS_API.auth.mfa },
  { method: 'POST', path: OPS_API.auth.invitation },
];
