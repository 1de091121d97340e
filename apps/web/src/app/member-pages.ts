import { BettingRecord } from '@/features/bets/components/betting-record';
import { PersonalProfit } from '@/features/bets/components/personal-profit';
import { DepositPage } from '@/features/deposit/components/deposit-page';
import { BonusDetails } from '@/features/promotions/components/bonus-details';
import { PromotionsList } from '@/features/promotions/components/promotions-list';
import { ManualRebate } from '@/features/rewards/components/manual-rebate';
import { ReferralPage } from '@/features/referral/components/referral-page';
import { RewardCentre } from '@/features/rewards/components/reward-centre';
import type { MemberPages } from '@/features/member/components/member-pages';
import { MissionLeaderboard } from '@/features/missions/components/mission-leaderboard';
import { MessageCentre } from '@/features/messages/components/message-centre';
import { SecurityCenter } from '@/features/member/components/security-center';
import { TransactionHistory } from '@/features/transfer/components/transaction-history';
import { TransferUpline } from '@/features/transfer/components/transfer-upline';
import { TransferFund } from '@/features/vendor-wallet/components/transfer-fund';
import { WithdrawPage } from '@/features/withdraw/components/withdraw-page';

/**
 * The member centre's pages (spec §2 page keys), from the features that own them. Features never import each other,
 * so the composition happens here.
 */
export const MEMBER_PAGES: MemberPages = {
  securityCenter: { titleKey: 'member.pages.securityCenter', Component: SecurityCenter },
  transferFund: { titleKey: 'member.pages.transferFund', Component: TransferFund },
  transferUpline: { titleKey: 'member.pages.transferUpline', Component: TransferUpline },
  personalHistoryCopy: { titleKey: 'member.pages.personalHistoryCopy', Component: BettingRecord },
  personalProfit: { titleKey: 'member.pages.personalProfit', Component: PersonalProfit },
  transactionHistory: { titleKey: 'member.pages.transactionHistory', Component: TransactionHistory },
  depositv2: { titleKey: 'member.pages.depositv2', Component: DepositPage },
  withdraw: { titleKey: 'member.pages.withdraw', Component: WithdrawPage },
  bonusDetails: { titleKey: 'member.pages.bonusDetails', Component: BonusDetails },
  rewardCenter: { titleKey: 'member.pages.rewardCenter', Component: RewardCentre },
  referral: { titleKey: 'member.pages.referral', Component: ReferralPage },
  manualRebate: { titleKey: 'member.pages.manualRebate', Component: ManualRebate },
  promotions: { titleKey: 'member.pages.promotions', Component: PromotionsList },
  messageV2: { titleKey: 'member.pages.messageV2', Component: MessageCentre },
  missionLeaderboard: { titleKey: 'member.pages.missionLeaderboard', Component: MissionLeaderboard },
};
