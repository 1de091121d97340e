import { layoutOf, ROUTES, type PageLayout } from '@platform/contracts';

/**
 * THE route table (spec §2). Every client path is here once, with its layout, its guard and the page
 * that renders it; src/app/router.tsx turns it into React Router routes.
 */
export type Layout = PageLayout;

/** login: guests go to /login. member: also no trial members. agent: guests and non-agents go to /agent. */
export type Guard = 'none' | 'login' | 'member' | 'agent';

export type PageId =
  | 'home'
  | 'login'
  | 'register'
  | 'agentLanding'
  | 'agentCentre'
  | 'member'
  | 'help'
  | 'gameCentre'
  | 'gameList'
  | 'accountGames'
  | 'lottery'
  | 'promotions'
  | 'pointMall'
  | 'seamless'
  | 'verify'
  | 'service'
  | 'vip'
  | 'raffles';

export type RouteEntry = {
  path: string;
  layout: Layout;
  guard: Guard;
  page: PageId;
  /** i18n key of the page title. */
  titleKey: string;
};

/** The layout comes from `layoutOf` (contracts), which the server also reads. */
const entry = (path: string, page: PageId, titleKey: string, guard: Guard = 'none'): RouteEntry => ({
  path,
  page,
  titleKey,
  layout: layoutOf(path),
  guard,
});

export const ROUTE_TABLE: readonly RouteEntry[] = [
  entry(ROUTES.home, 'home', 'pages.home'),
  entry(ROUTES.index, 'home', 'pages.home'),
  entry(ROUTES.indexHtml, 'home', 'pages.home'),
  entry(ROUTES.homeAlias, 'home', 'pages.home'),
  entry(ROUTES.login, 'login', 'pages.login'),
  entry(ROUTES.register, 'register', 'pages.register'),
  entry(ROUTES.agent, 'agentLanding', 'pages.agent'),
  entry(ROUTES.agentHome, 'agentCentre', 'pages.agentHome', 'agent'),
  entry(ROUTES.member, 'member', 'pages.member', 'member'),
  entry(ROUTES.help, 'help', 'pages.help'),
  entry(ROUTES.sports, 'gameCentre', 'pages.sports'),
  entry(ROUTES.esports, 'gameCentre', 'pages.esports'),
  entry(ROUTES.lott, 'gameCentre', 'pages.lott'),
  entry(ROUTES.elott, 'gameCentre', 'pages.elott'),
  entry(ROUTES.live, 'gameList', 'pages.live'),
  entry(ROUTES.fish, 'gameList', 'pages.fish'),
  entry(ROUTES.rng, 'gameList', 'pages.rng'),
  entry(ROUTES.pvp, 'gameList', 'pages.pvp'),
  entry(ROUTES.favorite, 'accountGames', 'pages.favorite', 'login'),
  entry(ROUTES.recent, 'accountGames', 'pages.recent', 'login'),
  entry(ROUTES.lottery, 'lottery', 'pages.lottery', 'login'),
  entry(ROUTES.seaLottery, 'lottery', 'pages.seaLottery', 'login'),
  entry(ROUTES.vnLottery, 'lottery', 'pages.vnLottery', 'login'),
  // Case variants the spec lists as game pages too (§2); same page, same guard.
  entry(ROUTES.lottert, 'lottery', 'pages.lottery', 'login'),
  entry(ROUTES.vnlottery, 'lottery', 'pages.vnLottery', 'login'),
  entry(ROUTES.sealottery, 'lottery', 'pages.seaLottery', 'login'),
  entry(ROUTES.promotions, 'promotions', 'pages.promotions'),
  entry(ROUTES.pointMall, 'pointMall', 'pages.pointMall', 'login'),
  // A game page (spec §2): no footer, and no side menu so the game gets the whole width.
  entry(ROUTES.seamless, 'seamless', 'pages.seamless'),
  // Public: anyone may check a revealed round (DESIGN.md §6 provably fair).
  entry(ROUTES.verify, 'verify', 'pages.verify'),
  // The customer service window (spec §9 440x750): no header, menu or footer.
  entry(ROUTES.service, 'service', 'pages.service'),
  // The VIP levels and the member's progress (issue 20): members only, as the member centre.
  entry(ROUTES.vip, 'vip', 'pages.vip', 'member'),
  entry(ROUTES.raffles, 'raffles', 'pages.raffles'),
];

/** Link builders, so query and hash conventions live in one place. */
export const paths = {
  ...ROUTES,
  helpSection: (anchor: string) => `${ROUTES.help}#${encodeURIComponent(anchor)}`,
  terms: `${ROUTES.help}#term`,
  memberPage: (page: string) => `${ROUTES.member}?page=${encodeURIComponent(page)}`,
  loginFrom: (returnTo: string) => `${ROUTES.login}?redirect=${encodeURIComponent(returnTo)}`,
} as const;
