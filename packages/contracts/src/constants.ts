/** Business constants from the product specification, §9 unless marked otherwise. */
export const USER_TYPE = {
  MEMBER: 0,
  AGENT_1: 1,
  AGENT_2: 2,
  TRIAL: 4,
  AGENT_41: 41,
  AGENT_42: 42,
} as const;
export const AGENT_USER_TYPES: readonly number[] = [1, 2, 41, 42];
export const TRIAL_USER_TYPE = 4;
export const isAgentType = (type: number): boolean => AGENT_USER_TYPES.includes(type);
export const isTrialType = (type: number): boolean => type === TRIAL_USER_TYPE;

/** A member account's status; LOCKED and CLOSED accounts cannot log in. */
export const MEMBER_STATUS = { ACTIVE: 'ACTIVE', LOCKED: 'LOCKED', CLOSED: 'CLOSED' } as const;
export type MemberStatus = (typeof MEMBER_STATUS)[keyof typeof MEMBER_STATUS];

/** A captcha answers once, within this time (issue 3). */
export const CAPTCHA_TTL_SECONDS = 120;
/** SMS codes live this long unless the merchant configures otherwise (the response says expiredMinutes). */
export const SMS_CODE_DEFAULT_EXPIRED_MINUTES = 5;
export const SMS_CODE_LENGTH = 6;
/** GET /wps/member/logins returns this many, newest first. */
export const LOGIN_HISTORY_LIMIT = 10;

export const SYSTEM_STATUS = { NORMAL: 0, MAINTENANCE: 1, REGION_RESTRICTED: 2 } as const;
export type SystemStatusCode = (typeof SYSTEM_STATUS)[keyof typeof SYSTEM_STATUS];

export const DEFAULT_CURRENCY_SYMBOL = '$';
export const CUSTOMER_SERVICE_WINDOW = { width: 440, height: 750 } as const;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const QR_CODE_SIZE = 107;
export const ANNOUNCEMENTS_PER_PAGE = 9;
export const WINNER_BOARD_ITEMS = 20;
export const WINNER_BOARD_PER_SLIDE = 4;
export const HOME_HOT_GAMES_CAP = 12;
export const HOME_VENDOR_CATEGORY_CAP = 5;
export const GAME_PAGE_SIZE = { lobby: 18, home: 12, default: 42 } as const;
export const BANNER = { autoplayMs: 5000, transitionMs: 1000, slidesPerView: 1.272 } as const;
export const HEADER_DROPDOWN_ENLARGE_ABOVE = 10;
export const CAPTCHA_REFRESH_MIN_INTERVAL_MS = 1000;
export const SMS_REQUEST_THROTTLE_MS = 1000;
export const FAVOURITE_TOGGLE_THROTTLE_MS = 1000;
export const REMEMBER_ME_DAYS = 1;
export const DEFAULT_WEAK_PASSWORD = '123456';

/** Local storage keys the spec names (§4 language change). */
export const STORAGE_KEYS = {
  historyLanguage: 'hisLang',
  language: 'lang',
  theme: 'theme',
  token: 'token',
} as const;

/** Member centre page keys (§2), default securityCenter. */
export const MEMBER_PAGE_KEYS = [
  'securityCenter',
  'transferFund',
  'depositv2',
  'withdraw',
  'transferUpline',
  'personalHistoryCopy',
  'transactionHistory',
  'personalProfit',
  'bonusDetails',
  'rewardCenter',
  'referral',
  'missionLeaderboard',
  'messageV2',
  'manualRebate',
  'promotions',
] as const;
export type MemberPageKey = (typeof MEMBER_PAGE_KEYS)[number];
export const DEFAULT_MEMBER_PAGE: MemberPageKey = 'securityCenter';

/** Agent centre page keys (§2), default agentTeamOverview. */
export const AGENT_PAGE_KEYS = [
  'agentAnnouncement',
  'agentTeamOverview',
  'registerCenter',
  'downlineManagmentView',
  'personalHistoryCopy',
  'palStatementsAgentCopy',
  'agentRevenueReport',
  'agentDownlineTransactionDetailsCopy',
  'agentDividendRecordCopy2',
  'agentDailyWages2',
  'agentHourSalary',
  'agentRealtimeSalary',
] as const;
export type AgentPageKey = (typeof AGENT_PAGE_KEYS)[number];
export const DEFAULT_AGENT_PAGE: AgentPageKey = 'agentTeamOverview';

/** Whitelabel site-setting module ids (§3). */
export const WHITELABEL_MODULES = {
  USERNAME_REGISTRATION: 'USERNAMEREG3',
  MOBILE_REGISTRATION: 'MOBILENUMREG3',
  MOBILE_PASSWORD_REGISTRATION: 'MOBILENUMPASSREG3',
  REGISTRATION_SMS_VERIFICATION: 'REGMOBVERF3',
  AGENT_POLICY: 'AGENTPOLICY3',
  POINTS_SYSTEM: 'PTSYS3',
  MANUAL_REBATE: 'MANPLAYREB3',
  FREE_PLAY: 'FREEPLAY3',
  PASSWORD_EXPIRY: 'PWDEXPIRY3',
  SMS_LOGIN: 'SMSLOGIN3',
  FORGOT_BY_MOBILE: 'FORGOTMOB3',
  REFERRAL: 'REFERRAL3',
  /** The captcha's text question for people who cannot see its picture (ADR 0021). */
  CAPTCHA_TEXT_ALTERNATIVE: 'CAPTCHATEXT3',
} as const;
export type WhitelabelModuleId = (typeof WHITELABEL_MODULES)[keyof typeof WHITELABEL_MODULES];

/** Resource kinds (§3). */
export const RESOURCE_KINDS = [
  'FACEBOOK',
  'TELEGRAM',
  'WHATSAPP',
  'YOUTUBE',
  'INSTAGRAM',
  'TIKTOK',
  'VIBER',
  'LIVECHAT',
  'Android',
  'iOS',
  'LITE',
  'LICENSE',
] as const;
export type ResourceKind = (typeof RESOURCE_KINDS)[number];
