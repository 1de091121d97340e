import { z } from 'zod';

/**
 * Every platform response is `{ success, value?, message?, code? }` (DESIGN.md §4).
 * `code` is one of ErrorCode on failure; the web app maps it to a translated message.
 */
export const ErrorCode = {
  BAD_REQUEST: 'BAD_REQUEST',
  VALIDATION_FAILED: 'VALIDATION_FAILED',
  NOT_FOUND: 'NOT_FOUND',
  METHOD_NOT_ALLOWED: 'METHOD_NOT_ALLOWED',
  UNSUPPORTED_LANGUAGE: 'UNSUPPORTED_LANGUAGE',
  UNKNOWN_MERCHANT: 'UNKNOWN_MERCHANT',
  MERCHANT_CLOSED: 'MERCHANT_CLOSED',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  /** Text holding U+0000 or a lone UTF-16 surrogate, which the database cannot store (storable-text.ts). */
  INVALID_CHARACTERS: 'INVALID_CHARACTERS',
  RATE_LIMITED: 'RATE_LIMITED',
  AUTH_REQUIRED: 'AUTH_REQUIRED',
  FORBIDDEN: 'FORBIDDEN',
  SERVICE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
  INTERNAL: 'INTERNAL',
  // Identity (spec §3-§8, DESIGN.md §7)
  INVALID_CREDENTIALS: 'INVALID_CREDENTIALS',
  CAPTCHA_REQUIRED: 'CAPTCHA_REQUIRED',
  CAPTCHA_INVALID: 'CAPTCHA_INVALID',
  /** A locked account (staff lock, spec status LOCKED): only staff can open it again. */
  ACCOUNT_LOCKED: 'ACCOUNT_LOCKED',
  /**
   * Too many failed sign-ins from this address at this account (429, `retryAfterSeconds` in the value and the
   * Retry-After header): a wait for this address only, never a lock of the account (ADR 0018).
   */
  TOO_MANY_ATTEMPTS: 'TOO_MANY_ATTEMPTS',
  ACCOUNT_CLOSED: 'ACCOUNT_CLOSED',
  /** A non-member on the member side (spec §6 member_no_enter). */
  MEMBER_NO_ENTER: 'MEMBER_NO_ENTER',
  /** A non-agent on the agent side (spec §6 "Non-agents cannot log in"). */
  AGENT_ONLY: 'AGENT_ONLY',
  /** A trial member attempting a real-account action (spec §6). */
  TRIAL_FORBIDDEN: 'TRIAL_FORBIDDEN',
  SESSION_EXPIRED: 'SESSION_EXPIRED',
  PASSWORD_RULE: 'PASSWORD_RULE',
  PASSWORD_MISMATCH: 'PASSWORD_MISMATCH',
  PASSWORD_TOO_WEAK: 'PASSWORD_TOO_WEAK',
  OLD_PASSWORD_WRONG: 'OLD_PASSWORD_WRONG',
  USERNAME_TAKEN: 'USERNAME_TAKEN',
  MOBILE_TAKEN: 'MOBILE_TAKEN',
  INVALID_INVITATION_CODE: 'INVALID_INVITATION_CODE',
  VERIFICATION_CODE_INVALID: 'VERIFICATION_CODE_INVALID',
  SMS_TOO_MANY_REQUESTS: 'SMS_TOO_MANY_REQUESTS',
  TERMS_NOT_ACCEPTED: 'TERMS_NOT_ACCEPTED',
  RESET_LINK_INVALID: 'RESET_LINK_INVALID',
  FEATURE_DISABLED: 'FEATURE_DISABLED',
  PAYLOAD_INVALID: 'PAYLOAD_INVALID',
  PAYLOAD_STALE: 'PAYLOAD_STALE',
  PAYLOAD_REPLAYED: 'PAYLOAD_REPLAYED',
  /** The payload was sealed for a key this server no longer holds: refetch the configuration and seal again. */
  PAYLOAD_KEY_UNKNOWN: 'PAYLOAD_KEY_UNKNOWN',
  // Ledger and money (DESIGN.md §5)
  /** The debited account would go below zero; nothing moved. */
  INSUFFICIENT_FUNDS: 'INSUFFICIENT_FUNDS',
  /** The idempotency key was already used for another request; nothing moved. */
  IDEMPOTENCY_CONFLICT: 'IDEMPOTENCY_CONFLICT',
  ACCOUNT_NOT_FOUND: 'ACCOUNT_NOT_FOUND',
  CURRENCY_MISMATCH: 'CURRENCY_MISMATCH',
  TRANSFER_NOT_FOUND: 'TRANSFER_NOT_FOUND',
  /** A correction of a transfer that was already reversed. */
  ALREADY_REVERSED: 'ALREADY_REVERSED',
  /** Negative, zero, too many decimals, not a number, or out of range. */
  INVALID_AMOUNT: 'INVALID_AMOUNT',
  // Wallet (issue 4)
  /** Below the channel's or the merchant's minimum. */
  AMOUNT_BELOW_MIN: 'AMOUNT_BELOW_MIN',
  AMOUNT_ABOVE_MAX: 'AMOUNT_ABOVE_MAX',
  /** Today's number of withdrawals (or deposits) is used up. */
  DAILY_LIMIT_REACHED: 'DAILY_LIMIT_REACHED',
  CHANNEL_UNAVAILABLE: 'CHANNEL_UNAVAILABLE',
  ORDER_NOT_FOUND: 'ORDER_NOT_FOUND',
  /** The order is not in a state that allows this (e.g. approving a rejected order). */
  ORDER_STATE_INVALID: 'ORDER_STATE_INVALID',
  /** A payment password must be set before money can leave the wallet. */
  PAYMENT_PASSWORD_REQUIRED: 'PAYMENT_PASSWORD_REQUIRED',
  PAYMENT_PASSWORD_WRONG: 'PAYMENT_PASSWORD_WRONG',
  /** The profile has no real name (payee name) yet. */
  REAL_NAME_REQUIRED: 'REAL_NAME_REQUIRED',
  /** A withdrawal account's holder name differs from the profile's real name. */
  PAYEE_NAME_MISMATCH: 'PAYEE_NAME_MISMATCH',
  WITHDRAW_ACCOUNT_NOT_FOUND: 'WITHDRAW_ACCOUNT_NOT_FOUND',
  WITHDRAW_ACCOUNT_LIMIT: 'WITHDRAW_ACCOUNT_LIMIT',
  /** A webhook whose signature does not verify, or whose timestamp is outside the window. */
  SIGNATURE_INVALID: 'SIGNATURE_INVALID',
  FILE_TYPE_INVALID: 'FILE_TYPE_INVALID',
  FILE_TOO_LARGE: 'FILE_TOO_LARGE',
  TOO_MANY_FILES: 'TOO_MANY_FILES',
  /** Upline transfer by a member without an upline. */
  NO_UPLINE: 'NO_UPLINE',
  /** An agent's transfer to someone outside its downline. */
  NOT_IN_DOWNLINE: 'NOT_IN_DOWNLINE',
  /** Transfer wallet: the merchant uses the single (seamless) wallet. */
  SINGLE_WALLET: 'SINGLE_WALLET',
  VENDOR_UNAVAILABLE: 'VENDOR_UNAVAILABLE',
  /** The site has no lottery vendor set up (no API address or no shared secret): the lottery back office cannot reach it. */
  LOTTERY_NOT_CONFIGURED: 'LOTTERY_NOT_CONFIGURED',
  /** The vendor did not answer in time: the order stays pending until reconciliation settles it. */
  TRANSFER_PENDING: 'TRANSFER_PENDING',
  /** The same request id is still being processed by an earlier request: ask again shortly, with the same id. */
  REQUEST_IN_PROGRESS: 'REQUEST_IN_PROGRESS',
  // Back office cashier (issue 7)
  ADJUSTMENT_NOT_FOUND: 'ADJUSTMENT_NOT_FOUND',
  /** The adjustment was already decided (approved, applied, rejected or failed). */
  ADJUSTMENT_STATE_INVALID: 'ADJUSTMENT_STATE_INVALID',
  /** A staff member approving or rejecting their own adjustment: a second, different staff member must decide. */
  SELF_APPROVAL_FORBIDDEN: 'SELF_APPROVAL_FORBIDDEN',
  // Catalogue and lobby (issue 5)
  /** No such game for this merchant, or it is switched off. */
  GAME_NOT_FOUND: 'GAME_NOT_FOUND',
  /** The game exists but cannot be launched now (its vendor is not connected or is under maintenance). */
  GAME_UNAVAILABLE: 'GAME_UNAVAILABLE',
  /** A trial member launching a vendor that has no demo (spec §4: the info dialog). */
  DEMO_NOT_SUPPORTED: 'DEMO_NOT_SUPPORTED',
  /** A member already keeps the most favourites allowed (MAX_FAVOURITES). */
  FAVOURITES_FULL: 'FAVOURITES_FULL',
  // Vendor protocols (issue 6; seamless.ts SEAMLESS_ERROR_CODES)
  /** The signed request's timestamp is outside the accepted window. */
  TIMESTAMP_STALE: 'TIMESTAMP_STALE',
  /** No such vendor for this merchant, or it is switched off. */
  VENDOR_UNKNOWN: 'VENDOR_UNKNOWN',
  /** The request came from an address the vendor's registry entry does not allow. */
  SOURCE_NOT_ALLOWED: 'SOURCE_NOT_ALLOWED',
  /** No such game session. */
  SESSION_INVALID: 'SESSION_INVALID',
  /** The player reference does not match the game session's. */
  PLAYER_MISMATCH: 'PLAYER_MISMATCH',
  /** The same vendor transaction id came again with a different request. */
  TRANSACTION_CONFLICT: 'TRANSACTION_CONFLICT',
  /** A win or rollback references a bet the platform never accepted. */
  BET_NOT_FOUND: 'BET_NOT_FOUND',
  /** The bet was rolled back (or a rollback arrived first and left a tombstone). */
  BET_ROLLED_BACK: 'BET_ROLLED_BACK',
  /** The bet already has its win: it can no longer be rolled back. */
  BET_SETTLED: 'BET_SETTLED',
  /** A seamless batch call with more items than the protocol allows (ADR 0047). */
  BATCH_TOO_LARGE: 'BATCH_TOO_LARGE',
  // Bonus wallet (issue 20, DESIGN.md §13)
  /** A bet (a round's whole stake) above the maximum bet of the bonus being wagered. */
  BONUS_MAX_BET: 'BONUS_MAX_BET',
  /** The member already wagers a bonus in this currency: one grant at a time. */
  BONUS_ACTIVE: 'BONUS_ACTIVE',
  /** The grant is closed already (converted, expired or forfeited). */
  BONUS_NOT_ACTIVE: 'BONUS_NOT_ACTIVE',
  /** The grant cannot convert or expire yet. */
  BONUS_NOT_READY: 'BONUS_NOT_READY',
  /** No such grant for this merchant. */
  BONUS_NOT_FOUND: 'BONUS_NOT_FOUND',
  /** A withdrawal while wagering a bonus that forfeits it: the member must confirm having read the warning. */
  BONUS_FORFEIT_CONFIRM: 'BONUS_FORFEIT_CONFIRM',
  /** A withdrawal while wagering a bonus whose promotion refuses withdrawals until it converts. */
  BONUS_WAGERING: 'BONUS_WAGERING',
  /** No such promotion for this merchant (or it is not live). */
  PROMOTION_NOT_FOUND: 'PROMOTION_NOT_FOUND',
  /** The promotion has ended, is stopped, or every reward of it has been given. */
  PROMOTION_CLOSED: 'PROMOTION_CLOSED',
  /** The member is not in the promotion's audience. */
  PROMOTION_NOT_ELIGIBLE: 'PROMOTION_NOT_ELIGIBLE',
  /** The member has claimed this promotion as often as it allows. */
  PROMOTION_LIMIT_REACHED: 'PROMOTION_LIMIT_REACHED',
  /** This promotion is not claimed with a button (a deposit bonus is chosen on the deposit form). */
  PROMOTION_NOT_CLAIMABLE: 'PROMOTION_NOT_CLAIMABLE',
  /** The application was already approved or rejected. */
  PROMOTION_CLAIM_DECIDED: 'PROMOTION_CLAIM_DECIDED',
  /** No such reward among the caller's own (another member's is answered the same way). */
  REWARD_NOT_FOUND: 'REWARD_NOT_FOUND',
  /** The reward was claimed already. */
  REWARD_CLAIMED: 'REWARD_CLAIMED',
  /** The reward expired before it was claimed. */
  REWARD_EXPIRED: 'REWARD_EXPIRED',
  /** No such mission (back office; issue 21). */
  MISSION_NOT_FOUND: 'MISSION_NOT_FOUND',
  /** No such race. */
  RACE_NOT_FOUND: 'RACE_NOT_FOUND',
  /** The site has the manual rebate (MANPLAYREB3) switched off. */
  REBATE_DISABLED: 'REBATE_DISABLED',
  /** The manual rebate of this window was claimed already (one claim per window). */
  REBATE_CLAIMED: 'REBATE_CLAIMED',
  /** There is no rebate to claim in this window yet. */
  REBATE_NOTHING: 'REBATE_NOTHING',
  /** A rebate rate above the game type's house edge (domain-rules §4.3). */
  REBATE_RATE_ABOVE_EDGE: 'REBATE_RATE_ABOVE_EDGE',
  /** The member's VIP level allows no more withdrawals today (its daily count is used up). */
  VIP_WITHDRAW_COUNT: 'VIP_WITHDRAW_COUNT',
  /** The amount would take the member past its VIP level's daily withdrawal amount. */
  VIP_WITHDRAW_AMOUNT: 'VIP_WITHDRAW_AMOUNT',
  /** Invite friends is off: the site flag REFERRAL3 or the merchant's referral setting (issue 21, spec §6). */
  REFERRAL_DISABLED: 'REFERRAL_DISABLED',
  /** No such raffle for this merchant. */
  RAFFLE_NOT_FOUND: 'RAFFLE_NOT_FOUND',
  /** No prize of the caller's own waits in this raffle (another member's prize is answered the same way). */
  RAFFLE_NO_PRIZE: 'RAFFLE_NO_PRIZE',
  /** A raffle already drawn (or cancelled) cannot be changed. */
  RAFFLE_DRAWN: 'RAFFLE_DRAWN',
  /** No such manual bonus grant request for this merchant. */
  BONUS_GRANT_NOT_FOUND: 'BONUS_GRANT_NOT_FOUND',
  /** The manual bonus grant request was already approved or rejected. */
  BONUS_GRANT_DECIDED: 'BONUS_GRANT_DECIDED',
  /** No such bonus forfeit request for this merchant. */
  BONUS_FORFEIT_NOT_FOUND: 'BONUS_FORFEIT_NOT_FOUND',
  /** The bonus forfeit request was already carried out, rejected or lapsed. */
  BONUS_FORFEIT_DECIDED: 'BONUS_FORFEIT_DECIDED',
  /** A promotion's audience names an agent that does not exist (or a member who is no agent). */
  AGENT_NOT_FOUND: 'AGENT_NOT_FOUND',
  // Back office (issue 7)
  /** The member's status does not allow this (e.g. unlocking a closed account, resetting a trial's password). */
  MEMBER_STATE_INVALID: 'MEMBER_STATE_INVALID',
  // Agent centre (issue 18)
  /** No such member in the caller's own downline (one outside it is answered the same way). */
  DOWNLINE_NOT_FOUND: 'DOWNLINE_NOT_FOUND',
  /** No such invitation link among the caller's own. */
  LINK_NOT_FOUND: 'LINK_NOT_FOUND',
  /** The agent may not create this account or link: an agent type it may not create, or its accounts are used up. */
  AGENT_LIMIT: 'AGENT_LIMIT',
  /** The merchant does not let agents lock or unlock their downline. */
  LOCK_NOT_ALLOWED: 'LOCK_NOT_ALLOWED',
  /** A custom period reaches past today, or spans more than three months. */
  PERIOD_INVALID: 'PERIOD_INVALID',
  /**
   * Back office (issue 18): a move of a member that cannot be made: under itself or its own team (a cycle), under a
   * member who is not an agent or not of this site, a trial member, or where it already is.
   */
  MOVE_REFUSED: 'MOVE_REFUSED',
  // Agent contracts (issue 19; agent-contract.ts)
  /** No such contract among those the caller holds or offered (another agent's is answered the same way). */
  CONTRACT_NOT_FOUND: 'CONTRACT_NOT_FOUND',
  /** The merchant has this contract type switched off. */
  CONTRACT_TYPE_DISABLED: 'CONTRACT_TYPE_DISABLED',
  /** The caller may not offer this type: it holds no active contract of it, or only top-level agents may offer. */
  CONTRACT_OFFER_NOT_ALLOWED: 'CONTRACT_OFFER_NOT_ALLOWED',
  /** Contracts go to a direct downline agent only (the merchant offers to top-level agents). */
  CONTRACT_DIRECT_ONLY: 'CONTRACT_DIRECT_ONLY',
  /** The tiers are not ordered, or outside the merchant's bounds (number of tiers, top rate, thresholds). */
  CONTRACT_TIERS_INVALID: 'CONTRACT_TIERS_INVALID',
  /** A tier's rate is above what the upline's own contract gives at its thresholds (value: ContractRateRefusal). */
  CONTRACT_RATE_ABOVE_UPLINE: 'CONTRACT_RATE_ABOVE_UPLINE',
  /** An offer of this type already waits for the downline's answer. */
  CONTRACT_OFFER_PENDING: 'CONTRACT_OFFER_PENDING',
  /** The contract is not in a state that allows this (accepting an active one, terminating a rejected one). */
  CONTRACT_STATE: 'CONTRACT_STATE',
  /** A contract policy that does not fit its type (dividend settings on a salary type or missing on dividends). */
  CONTRACT_POLICY_INVALID: 'CONTRACT_POLICY_INVALID',
  /** No such settlement window. */
  SETTLEMENT_NOT_FOUND: 'SETTLEMENT_NOT_FOUND',
  /** Only a failed (or stuck) window can be paid again. */
  SETTLEMENT_STATE: 'SETTLEMENT_STATE',
  // Messages and customer service (issue 22)
  /** A username (or agent) the message names is not a member of this site. */
  MEMBER_NOT_FOUND: 'MEMBER_NOT_FOUND',
  /** Feedback content outside the merchant's word limits (spec §5). */
  FEEDBACK_LENGTH: 'FEEDBACK_LENGTH',
  /** The chat was closed: a new one must be started. */
  CHAT_CLOSED: 'CHAT_CLOSED',
  /** Another agent is answering the chat (it was taken or transferred to them). */
  CHAT_TAKEN: 'CHAT_TAKEN',
  /** Lottery back office (issue 23): the issue was drawn, or the odds version changed meanwhile. */
  LOTTERY_STATE: 'LOTTERY_STATE',
  // Points mall (issue 21; points.ts)
  /** Not enough points for the redemption or conversion. */
  POINTS_INSUFFICIENT: 'POINTS_INSUFFICIENT',
  /** No such item on sale (hidden, or another merchant's). */
  MALL_ITEM_NOT_FOUND: 'MALL_ITEM_NOT_FOUND',
  /** The item's stock is used up. */
  MALL_OUT_OF_STOCK: 'MALL_OUT_OF_STOCK',
  /** The member has redeemed the item as often as the item allows. */
  MALL_LIMIT_REACHED: 'MALL_LIMIT_REACHED',
  /** Goods need a delivery address. */
  ADDRESS_REQUIRED: 'ADDRESS_REQUIRED',
  /** The merchant has no conversion rate set. */
  POINTS_CONVERT_OFF: 'POINTS_CONVERT_OFF',
  /** Fewer points than the conversion minimum. */
  POINTS_BELOW_MINIMUM: 'POINTS_BELOW_MINIMUM',
  /** A reward is paid in points where the points mall is not wired. */
  POINTS_UNAVAILABLE: 'POINTS_UNAVAILABLE',
  /** No such redemption (staff). */
  REDEMPTION_NOT_FOUND: 'REDEMPTION_NOT_FOUND',
  /** The redemption was approved or rejected already. */
  REDEMPTION_DECIDED: 'REDEMPTION_DECIDED',
  /** The redemption's points were never taken: it can only be rejected. */
  REDEMPTION_UNPAID: 'REDEMPTION_UNPAID',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];
export const ErrorCodeSchema = z.enum(Object.values(ErrorCode) as [ErrorCode, ...ErrorCode[]]);

export const FailureEnvelopeSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  code: ErrorCodeSchema,
  /**
   * Details a client acts on, e.g. `{ captcha: true }` after a failed login (spec §4: "if the server response
   * value asks for it, the captcha image is shown"), or the field rule that failed (RegisterFieldErrorSchema).
   */
  value: z.unknown().optional(),
});
export type FailureEnvelope = z.infer<typeof FailureEnvelopeSchema>;

export const successEnvelope = <T extends z.ZodType>(value: T) =>
  z.object({ success: z.literal(true), value, message: z.string().optional() });

export type SuccessEnvelope<T> = { success: true; value: T; message?: string };
export type Envelope<T> = SuccessEnvelope<T> | FailureEnvelope;
