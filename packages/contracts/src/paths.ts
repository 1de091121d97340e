import { POINTS_API } from './points';
/** Platform API paths. Spec names are kept where the spec gives them (§7); the rest follow its style. */
export const API = {
  health: { live: '/health/live', ready: '/health/ready' },
  system: {
    permission: '/wps/system/permission',
    status: '/wps/system/status',
    whitelabel: '/wps/system/whitelabel',
    registerSettings: '/wps/system/setting/register',
    domainRoutes: '/wps/system/domain/routes',
    menu: '/wps/system/menu',
    countryCodes: '/wps/system/country/codes',
    flag: '/wps/system/country/flag/:countryCode',
    help: '/wps/system/help',
    language: '/wps/system/language',
    publicKey: '/wps/system/public-key',
  },
  captcha: '/wps/captcha',
  session: {
    login: '/wps/session/login',
    freePlay: '/wps/session/login/freeplay',
    logout: '/wps/session/logout',
  },
  member: {
    info: '/wps/member/info',
    icon: '/wps/member/info/icon',
    register: '/wps/member/register',
    registerMobile: '/wps/member/register/mobile',
    changePassword: '/wps/member/password',
    forgotByEmail: '/wps/member/password/email',
    resetPassword: '/wps/member/password/reset',
    forgotByPhone: '/wps/member/password/verification',
    profile: '/wps/member/profile',
    paymentPassword: '/wps/member/payment-password',
    logins: '/wps/member/logins',
    mobile: '/wps/member/mobile',
    /** GET (member; trial refused): personalProfit, profit and loss by game type over a period. */
    profit: '/wps/member/profit',
  },
  verification: {
    smsLogin: '/wps/verification/sms/noLogin',
    smsRegister: '/wps/verification/sms/register',
    smsForgot: '/wps/verification/sms/forgot',
    /** Needs a session (T): the code goes to the number being bound (PUT /wps/member/mobile). */
    smsBind: '/wps/verification/sms/bind',
  },
  agent: {
    affiliate: '/wps/agent/affiliate',
    /** An agent sends money to a member of its own downline (issue 4; E: carries the payment password). */
    transferDownline: '/wps/agent/transfer',
    /** GET (agent): agentTeamOverview, TeamOverviewSchema. */
    overview: '/wps/agent/team/overview',
    /** GET (agent): the team list (downlineManagmentView); POST (agent, E): a new downline account (registerCenter). */
    downlines: '/wps/agent/downlines',
    /** PUT (agent): a downline's remark. */
    downlineRemark: '/wps/agent/downlines/:username/remark',
    /** PUT (agent): lock or unlock a downline, where the merchant allows it. */
    downlineLock: '/wps/agent/downlines/:username/lock',
    /** GET (agent): what the caller may create. */
    limits: '/wps/agent/limits',
    /** GET (agent): the caller's invitation links; POST creates one. */
    links: '/wps/agent/links',
    /** DELETE (agent): disables one of the caller's links (idempotent). */
    link: '/wps/agent/links/:id',
    /** GET (agent): personalHistoryCopy, the team's settled rounds. */
    teamBets: '/wps/agent/team/bets',
    /** GET (agent): palStatementsAgentCopy, profit and loss per downline. */
    teamProfit: '/wps/agent/team/profit',
    /** GET (agent): agentDownlineTransactionDetailsCopy, the team's deposits, withdrawals, transfers and bonuses. */
    teamTransactions: '/wps/agent/team/transactions',
  },
  bonus: {
    /** GET (member): the bonus being wagered and the latest grants (member centre bonusDetails). */
    details: '/wps/bonus/details',
  },
  promotions: {
    /** GET (member): the promotions the caller can see with their activity status, and availablePromoCount. */
    list: '/wps/promotions',
    /** GET (member): the public state's promotion part (spec §3): availablePromoCount and availablePromo. */
    state: '/wps/promotions/state',
    /** POST (member): claims a free bonus promotion. */
    claim: '/wps/promotions/:id/claim',
    /** POST (member, multipart): applies for an APPLICATION promotion with a comment and up to three images. */
    apply: '/wps/promotions/:id/apply',
  },
  rewards: {
    /** GET (member): the reward centre's rewards (pending, claimed, expired) and the pending count. */
    list: '/wps/rewards',
    /** POST (member): claims one of the caller's pending rewards. */
    claim: '/wps/rewards/:id/claim',
  },
  rebate: {
    /** GET (member): the manual rebate so far in the current window (manualRebate, MANPLAYREB3). */
    manual: '/wps/rebate/manual',
    /** POST (member): claims it, once per window. */
    manualClaim: '/wps/rebate/manual/claim',
  },
  vip: {
    /** GET (member): hasVip, vipLabelName, vipRankLevel, the levels and the member's progress. */
    state: '/wps/vip',
  },
  wallet: {
    balance: '/wps/v2/wallets/balance',
    /** Spec §7: moves money between the main wallet and a vendor wallet (transfer-wallet merchants only). */
    vendorTransfer: '/wps/relay/GCS_walletTransfer',
    /** The vendor wallets of a transfer-wallet merchant, with their balances and pending orders. */
    vendorWallets: '/wps/v2/wallets/vendors',
    /** Spec §7 merchant wallet (GET): isSingle, currency. */
    merchantWallet: '/wps/wallet/merchant',
    /** The account record (member centre transactionHistory). */
    transactions: '/wps/wallet/transactions',
    /** A member sends money to its upline (member centre transferUpline; E: carries the payment password). */
    transferUpline: '/wps/wallet/transfer/upline',
  },
  deposit: {
    channels: '/wps/deposit/channels',
    /** GET the member's orders; POST a new one. */
    orders: '/wps/deposit/orders',
    order: '/wps/deposit/orders/:orderNo',
    /** Payment gateways call back here (signed, not T). */
    webhook: '/wps/deposit/webhook/:gateway',
  },
  withdraw: {
    /** GET limits, today's count and the available balance. */
    settings: '/wps/withdraw/settings',
    /** GET the bound withdrawal accounts; POST binds one. */
    accounts: '/wps/withdraw/accounts',
    account: '/wps/withdraw/accounts/:accountId',
    /** GET the member's orders; POST a request (E: carries the payment password). */
    orders: '/wps/withdraw/orders',
    order: '/wps/withdraw/orders/:orderNo',
    /** POST multipart: received / not received / partly received, with up to 3 proof images. */
    confirm: '/wps/withdraw/orders/:orderNo/confirmation',
    proof: '/wps/withdraw/orders/:orderNo/proofs/:proofId',
  },
  /** Catalogue and lobby (issue 5; spec §7 games). */
  game: {
    /** GET (public): the games call, GameListQuerySchema → GameListSchema. */
    games: '/wps/game/games',
    /** GET (public): hot games, HotGamesQuerySchema → GameListValueSchema. */
    hot: '/wps/game/hot',
    /** GET (T) the member's favourites; POST adds, DELETE removes (FavouriteRequestSchema, idempotent). */
    favourites: '/wps/game/favorites',
    /** GET (T): recent games, recorded at each launch. */
    recent: '/wps/game/recent',
    /** GET (public): which game types each vendor offers. */
    vendorTypes: '/wps/game/vendor/types',
    /** GET (public): vendors marked new or with new games. */
    newVendors: '/wps/game/vendor/new',
    /** GET (public): the lobby lanes (categories with their vendor cards). */
    lanes: '/wps/game/vendor/lanes',
    /** GET (public): winner board, WinnerBoardQuerySchema → WinnerBoardSchema. */
    winners: '/wps/game/winners',
    /** POST (T): launch a game (issue 6 connects vendors; until then GAME_UNAVAILABLE). Body { nodeId }. */
    launch: '/wps/game/launchGame',
    /** GET (public): generated artwork for games, vendors and banners (image/svg+xml, immutable). */
    art: '/wps/game/art/:kind/:name',
    /** GET (T): betting record (issue 6; personalHistoryCopy), BetRecordQuerySchema → BetRecordPageSchema. */
    bets: '/wps/game/bets',
    /** GET (T): one round with its transactions and replay link, BetRoundDetailSchema. */
    betDetail: '/wps/game/bets/:vendor/:roundId',
    /** GET (public): progressive jackpot pools of the in-house vendor, JackpotPoolsSchema (cached a few seconds). */
    jackpots: '/wps/game/jackpots',
  },
  content: {
    /** GET (public): banners of a group, BannerQuerySchema → BannerListSchema. */
    banners: '/wps/content/banners',
    /** GET (token optional): notices, NoticeQuerySchema → NoticeGroupsSchema; audience from the session. */
    notices: '/wps/notices',
  },
  /** The agent centre's content (issue 18). */
  agentContent: {
    /** GET (agent): announcements for agents, AgentAnnouncementQuerySchema → AgentAnnouncementPageSchema. */
    announcements: '/wps/agent/announcements',
  },
  /** Registered only when NODE_ENV is not production. */
  dev: { outbox: '/wps/dev/outbox' },
} as const;

/** Calls whose body must be a SealedPayload (spec §7 "E"); anything else there answers 400 PAYLOAD_INVALID. */
export const SEALED_ENDPOINTS: readonly { method: 'POST' | 'PUT'; path: string }[] = [
  { method: 'POST', path: API.session.login },
  { method: 'POST', path: API.session.freePlay },
  { method: 'PUT', path: API.member.register },
  { method: 'PUT', path: API.member.registerMobile },
  { method: 'POST', path: API.member.changePassword },
  { method: 'POST', path: API.member.resetPassword },
  { method: 'POST', path: API.member.forgotByPhone },
  { method: 'PUT', path: API.member.paymentPassword },
  { method: 'PUT', path: API.member.mobile },
  { method: 'POST', path: API.withdraw.orders },
  { method: 'POST', path: API.wallet.transferUpline },
  { method: 'POST', path: API.agent.transferDownline },
  { method: 'POST', path: API.agent.downlines },
  { method: 'POST', path: POINTS_API.redeem },
  { method: 'POST', path: POINTS_API.convert },
];

/** Client route table (spec §2). */
export const ROUTES = {
  home: '/',
  index: '/index',
  indexHtml: '/index.html',
  homeAlias: '/home',
  login: '/login',
  register: '/register',
  agent: '/agent',
  agentHome: '/agentHome',
  member: '/member',
  help: '/help',
  sports: '/sports',
  esports: '/esports',
  lott: '/lott',
  elott: '/elott',
  live: '/live',
  fish: '/fish',
  rng: '/rng',
  pvp: '/pvp',
  favorite: '/favorite',
  recent: '/recent',
  lottery: '/lottery',
  seaLottery: '/seaLottery',
  vnLottery: '/vnLottery',
  lottert: '/lottert',
  vnlottery: '/vnlottery',
  sealottery: '/sealottery',
  promotions: '/promotions',
  pointMall: '/pointMall',
  seamless: '/seamless',
  /** Provably fair round verifier (issue 6): public, prefilled from its query string. */
  verify: '/verify',
  /** The customer service window (spec §9: 440x750): live chat and feedback (issue 22). */
  service: '/service',
  /** The VIP levels and the member's progress (issue 20), login required. */
  vip: '/vip',
  /** The raffles with their published seed hashes, draws and winners (issue 21). */
  raffles: '/raffles',
} as const;

/** The layouts of the player web app's pages (spec §2). */
export type PageLayout = 'default' | 'agent' | 'game' | 'seamless' | 'window';

/** The pages outside the default layout, by lower-cased path. */
const OTHER_LAYOUTS: ReadonlyMap<string, Exclude<PageLayout, 'default'>> = new Map(
  (
    [
      [ROUTES.agent, 'agent'],
      [ROUTES.agentHome, 'agent'],
      [ROUTES.lottery, 'game'],
      [ROUTES.seaLottery, 'game'],
      [ROUTES.vnLottery, 'game'],
      [ROUTES.lottert, 'game'],
      [ROUTES.vnlottery, 'game'],
      [ROUTES.sealottery, 'game'],
      [ROUTES.seamless, 'seamless'],
      [ROUTES.service, 'window'],
    ] as const
  ).map(([path, layout]) => [path.toLowerCase(), layout]),
);

/**
 * The layout a path renders in; every other path (unknown ones included) uses the default layout. Matched as the web
 * app's router matches: case-insensitive, with or without a trailing slash. The web app's route table takes its
 * layouts from here, and the server uses it to decide which pages get the home banner in their first HTML.
 */
export const layoutOf = (pathname: string): PageLayout => {
  const path = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  return OTHER_LAYOUTS.get(path.toLowerCase()) ?? 'default';
};
