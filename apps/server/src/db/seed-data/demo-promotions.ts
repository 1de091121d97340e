/**
 * The demo merchant's promotions (issue 20): what the banners and announcements promise, in EN and TY. Amounts are in
 * minor units of the merchant's currency; `percentBp` is basis points of the deposit (10000 = 100%).
 */
export type DemoPromotion = {
  kind: 'FIRST_DEPOSIT' | 'RELOAD' | 'FREE' | 'CASHBACK' | 'APPLICATION';
  title: { EN: string; TY: string };
  terms: { EN: string; TY: string };
  audience: 'EVERYONE' | 'NEW_MEMBERS';
  perMemberLimit: number;
  fixedMinor: number;
  percentBp: number;
  maxMinor: number | null;
  minDepositMinor: number;
  turnoverMultiple: number;
  turnoverBase: 'BONUS' | 'DEPOSIT_AND_BONUS';
  maxBetMinor: number | null;
  maxConversionMinor: number | null;
  expiryHours: number;
  onWithdraw: 'FORFEIT' | 'REFUSE';
};

export const DEMO_PROMOTIONS: readonly DemoPromotion[] = [
  {
    kind: 'FIRST_DEPOSIT',
    title: { EN: '100% welcome bonus up to 1,000', TY: '100% welcome bonus hanggang 1,000' },
    terms: {
      EN: 'First deposit of 100 or more. Wager (deposit + bonus) x10 within 7 days; max bet 50 while wagering.',
      TY: 'Unang deposito na 100 o higit pa. Tayaan ang (deposito + bonus) x10 sa loob ng 7 araw; pinakamataas na taya 50.',
    },
    audience: 'EVERYONE',
    perMemberLimit: 1,
    ...{ fixedMinor: 0, percentBp: 10_000, maxMinor: 100_000, minDepositMinor: 10_000 },
    ...{ turnoverMultiple: 10, turnoverBase: 'DEPOSIT_AND_BONUS', maxBetMinor: 5_000, maxConversionMinor: null },
    ...{ expiryHours: 168, onWithdraw: 'FORFEIT' },
  },
  {
    kind: 'RELOAD',
    title: { EN: '50% reload bonus up to 500', TY: '50% reload bonus hanggang 500' },
    terms: {
      EN: 'Every deposit of 200 or more. Wager the bonus x15 within 3 days.',
      TY: 'Bawat deposito na 200 o higit pa. Tayaan ang bonus x15 sa loob ng 3 araw.',
    },
    audience: 'EVERYONE',
    perMemberLimit: 100,
    ...{ fixedMinor: 0, percentBp: 5_000, maxMinor: 50_000, minDepositMinor: 20_000 },
    ...{ turnoverMultiple: 15, turnoverBase: 'BONUS', maxBetMinor: 5_000, maxConversionMinor: 150_000 },
    ...{ expiryHours: 72, onWithdraw: 'REFUSE' },
  },
  {
    kind: 'FREE',
    title: { EN: 'Free 8.88 for new members', TY: 'Libreng 8.88 para sa mga bagong miyembro' },
    terms: {
      EN: 'Claim within 7 days of sign-up. Wager x5; at most 50 converts to cash.',
      TY: 'Kunin sa loob ng 7 araw mula sa pag-sign up. Tayaan x5; hanggang 50 lang ang nagiging cash.',
    },
    audience: 'NEW_MEMBERS',
    perMemberLimit: 1,
    ...{ fixedMinor: 888, percentBp: 0, maxMinor: null, minDepositMinor: 0 },
    ...{ turnoverMultiple: 5, turnoverBase: 'BONUS', maxBetMinor: 500, maxConversionMinor: 5_000 },
    ...{ expiryHours: 72, onWithdraw: 'FORFEIT' },
  },
  {
    kind: 'APPLICATION',
    title: { EN: 'Share your big win: 20 bonus', TY: 'Ibahagi ang malaking panalo mo: 20 na bonus' },
    terms: {
      EN: 'Send a screenshot of a win of 100x or more with a short comment. Staff review it; wager the bonus x5.',
      TY: 'Magpadala ng screenshot ng panalong 100x o higit pa na may maikling komento. Susuriin ito ng staff; tayaan ang bonus x5.',
    },
    audience: 'EVERYONE',
    perMemberLimit: 1,
    ...{ fixedMinor: 2_000, percentBp: 0, maxMinor: null, minDepositMinor: 0 },
    ...{ turnoverMultiple: 5, turnoverBase: 'BONUS', maxBetMinor: null, maxConversionMinor: null },
    ...{ expiryHours: 168, onWithdraw: 'FORFEIT' },
  },
];
