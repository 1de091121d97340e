import { BetDetailQuerySchema, BetRecordQuerySchema } from '../bets';
import { BannerQuerySchema, FavouriteRequestSchema, FavouritesQuerySchema, GameListQuerySchema, HotGamesQuerySchema, LaunchRequestSchema, NoticeQuerySchema, RecentQuerySchema, WinnerBoardQuerySchema } from '../catalogue';
import { AffiliateCheckQuerySchema, BindMobileRequestSchema, BindMobileSmsRequestSchema, ChangePasswordRequestSchema, ForgotByEmailRequestSchema, ForgotByPhoneRequestSchema, FreePlayRequestSchema, LoginRequestSchema, OutboxQuerySchema, PasswordResetRequestSchema, PaymentPasswordRequestSchema, RegisterRequestSchema, RegisterSmsCodeRequestSchema, SmsCodeRequestSchema, UpdateProfileRequestSchema } from '../identity';
import { API } from '../paths';
import { ArtParamsSchema, BetRoundParamsSchema, CountryFlagParamsSchema } from './params';
import { HelpQuerySchema, LanguageChangeSchema } from '../system';
import type { RouteDescriptor } from './route-descriptor';

/** The player app's public and member calls (spec §7), apart from money (money-routes.ts). */
export const PLAYER_ROUTES: readonly RouteDescriptor[] = [
  { method: 'GET', path: API.health.live, auth: 'none' },
  { method: 'GET', path: API.health.ready, auth: 'none' },
  // Configuration (spec §7 system)
  { method: 'GET', path: API.system.permission, auth: 'none' },
  { method: 'GET', path: API.system.status, auth: 'none' },
  { method: 'GET', path: API.system.whitelabel, auth: 'none' },
  { method: 'GET', path: API.system.registerSettings, auth: 'none' },
  { method: 'GET', path: API.system.domainRoutes, auth: 'none' },
  { method: 'GET', path: API.system.menu, auth: 'none' },
  { method: 'GET', path: API.system.countryCodes, auth: 'none' },
  { method: 'GET', path: API.system.flag, auth: 'none', params: CountryFlagParamsSchema },
  { method: 'GET', path: API.system.help, auth: 'none', query: HelpQuerySchema },
  { method: 'PUT', path: API.system.language, auth: 'optional', body: LanguageChangeSchema },
  { method: 'GET', path: API.system.publicKey, auth: 'none' },
  { method: 'GET', path: API.captcha, auth: 'none' },
  // Sessions, registration and passwords (spec §3-§8)
  { method: 'POST', path: API.session.login, auth: 'none', body: LoginRequestSchema, encoding: 'sealed' },
  { method: 'POST', path: API.session.freePlay, auth: 'none', body: FreePlayRequestSchema, encoding: 'sealed' },
  { method: 'DELETE', path: API.session.logout, auth: 'session' },
  { method: 'PUT', path: API.member.register, auth: 'none', body: RegisterRequestSchema, encoding: 'sealed' },
  { method: 'PUT', path: API.member.registerMobile, auth: 'none', body: RegisterRequestSchema, encoding: 'sealed' },
  { method: 'GET', path: API.agent.affiliate, auth: 'none', query: AffiliateCheckQuerySchema },
  { method: 'POST', path: API.verification.smsLogin, auth: 'none', body: SmsCodeRequestSchema },
  { method: 'POST', path: API.verification.smsForgot, auth: 'none', body: SmsCodeRequestSchema },
  { method: 'POST', path: API.verification.smsRegister, auth: 'none', body: RegisterSmsCodeRequestSchema },
  { method: 'POST', path: API.member.forgotByEmail, auth: 'none', body: ForgotByEmailRequestSchema, encoding: 'form' },
  {
    method: 'POST',
    path: API.member.resetPassword,
    auth: 'none',
    body: PasswordResetRequestSchema,
    encoding: 'sealed',
  },
  {
    method: 'POST',
    path: API.member.forgotByPhone,
    auth: 'none',
    body: ForgotByPhoneRequestSchema,
    encoding: 'sealed',
  },
  // The member's own account (T)
  { method: 'GET', path: API.member.info, auth: 'session' },
  { method: 'GET', path: API.member.icon, auth: 'session' },
  { method: 'GET', path: API.member.profile, auth: 'member' },
  { method: 'PUT', path: API.member.profile, auth: 'member', body: UpdateProfileRequestSchema },
  { method: 'GET', path: API.member.logins, auth: 'member' },
  {
    method: 'PUT',
    path: API.member.paymentPassword,
    auth: 'member',
    body: PaymentPasswordRequestSchema,
    encoding: 'sealed',
  },
  { method: 'POST', path: API.verification.smsBind, auth: 'member', body: BindMobileSmsRequestSchema },
  { method: 'PUT', path: API.member.mobile, auth: 'member', body: BindMobileRequestSchema, encoding: 'sealed' },
  {
    method: 'POST',
    path: API.member.changePassword,
    auth: 'member',
    body: ChangePasswordRequestSchema,
    encoding: 'sealed',
  },
  // Catalogue, lobby and content (spec §7 games)
  { method: 'GET', path: API.game.games, auth: 'none', query: GameListQuerySchema },
  { method: 'GET', path: API.game.hot, auth: 'none', query: HotGamesQuerySchema },
  { method: 'GET', path: API.game.lanes, auth: 'none' },
  { method: 'GET', path: API.game.vendorTypes, auth: 'none' },
  { method: 'GET', path: API.game.newVendors, auth: 'none' },
  { method: 'GET', path: API.game.art, auth: 'none', params: ArtParamsSchema },
  { method: 'GET', path: API.game.winners, auth: 'none', query: WinnerBoardQuerySchema },
  { method: 'GET', path: API.game.jackpots, auth: 'optional' },
  { method: 'GET', path: API.game.favourites, auth: 'session', query: FavouritesQuerySchema },
  { method: 'POST', path: API.game.favourites, auth: 'session', body: FavouriteRequestSchema },
  { method: 'DELETE', path: API.game.favourites, auth: 'session', body: FavouriteRequestSchema },
  { method: 'GET', path: API.game.recent, auth: 'session', query: RecentQuerySchema },
  { method: 'POST', path: API.game.launch, auth: 'session', body: LaunchRequestSchema },
  { method: 'GET', path: API.game.bets, auth: 'session', query: BetRecordQuerySchema },
  {
    method: 'GET',
    path: API.game.betDetail,
    auth: 'session',
    params: BetRoundParamsSchema,
    query: BetDetailQuerySchema,
  },
  { method: 'GET', path: API.content.banners, auth: 'none', query: BannerQuerySchema },
  { method: 'GET', path: API.content.notices, auth: 'optional', query: NoticeQuerySchema },
  // Development only (not registered in production)
  { method: 'GET', path: API.dev.outbox, auth: 'none', query: OutboxQuerySchema },
];
