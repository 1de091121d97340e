import { AgentAnnouncements } from '@/features/agent/components/agent-announcements';
import {
  DailyWageRecords,
  DividendRecords,
  HourlySalaryRecords,
  RealtimeSalaryRecords,
} from '@/features/agent/components/contract-records';
import { PendingOffers } from '@/features/agent/components/contract-offer-modal';
import { DownlineContracts } from '@/features/agent/components/downline-contracts';
import { RevenueReportPage } from '@/features/agent/components/revenue-report';
import type { AgentPages } from '@/features/agent/components/agent-pages';
import { DownlineView } from '@/features/agent/components/downline-view';
import { RegisterCenter } from '@/features/agent/components/register-center';
import { TeamBets } from '@/features/agent/components/team-bets';
import { TeamOverview } from '@/features/agent/components/team-overview';
import { TeamProfit } from '@/features/agent/components/team-profit';
import { TeamTransactions } from '@/features/agent/components/team-transactions';
import { DepositPage } from '@/features/deposit/components/deposit-page';
import { PaymentPasswordSection } from '@/features/member/components/payment-password-form';
import { MessageCentre } from '@/features/messages/components/message-centre';
import { AgentMessages } from '@/features/notices/components/agent-messages';
import { TransferDownline } from '@/features/transfer/components/transfer-downline';
import { WithdrawPage } from '@/features/withdraw/components/withdraw-page';

/** Team management with the transfer feature's transfer to the picked downline. */
function DownlineManagement() {
  return <DownlineView Transfer={TransferDownline} Contracts={DownlineContracts} />;
}

/** The team overview under the banner of contract offers waiting for the agent's answer (spec §2 contract modal). */
function Overview() {
  return (
    <>
      <PendingOffers />
      <TeamOverview />
    </>
  );
}

/** The agent's messages: its internal messages (staff, system, to every agent) above the site's notices. */
function AgentInbox() {
  return (
    <>
      <MessageCentre />
      <AgentMessages />
    </>
  );
}

/**
 * The agent centre's pages (spec §2 /agentHome page keys, then the agent's own deposit, withdraw, messages and payment
 * password), from the features that own them. Features never import each other, so the composition happens here.
 */
export const AGENT_PAGES: AgentPages = {
  agentAnnouncement: { titleKey: 'agent.pages.agentAnnouncement', Component: AgentAnnouncements },
  agentTeamOverview: { titleKey: 'agent.pages.agentTeamOverview', Component: Overview },
  registerCenter: { titleKey: 'agent.pages.registerCenter', Component: RegisterCenter },
  downlineManagmentView: { titleKey: 'agent.pages.downlineManagmentView', Component: DownlineManagement },
  personalHistoryCopy: { titleKey: 'agent.pages.personalHistoryCopy', Component: TeamBets },
  palStatementsAgentCopy: { titleKey: 'agent.pages.palStatementsAgentCopy', Component: TeamProfit },
  agentRevenueReport: { titleKey: 'agent.pages.agentRevenueReport', Component: RevenueReportPage },
  agentDownlineTransactionDetailsCopy: {
    titleKey: 'agent.pages.agentDownlineTransactionDetailsCopy',
    Component: TeamTransactions,
  },
  agentDividendRecordCopy2: { titleKey: 'agent.pages.agentDividendRecordCopy2', Component: DividendRecords },
  agentDailyWages2: { titleKey: 'agent.pages.agentDailyWages2', Component: DailyWageRecords },
  agentHourSalary: { titleKey: 'agent.pages.agentHourSalary', Component: HourlySalaryRecords },
  agentRealtimeSalary: { titleKey: 'agent.pages.agentRealtimeSalary', Component: RealtimeSalaryRecords },
  depositv2: { titleKey: 'member.pages.depositv2', Component: DepositPage },
  withdraw: { titleKey: 'member.pages.withdraw', Component: WithdrawPage },
  messages: { titleKey: 'member.pages.messageV2', Component: AgentInbox },
  paymentPassword: { titleKey: 'agent.pages.paymentPassword', Component: PaymentPasswordSection },
};
