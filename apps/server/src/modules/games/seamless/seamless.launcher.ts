import { createHash, createHmac, randomInt } from 'node:crypto';
import {
  GAME_SESSION_TTL_MS,
  LAUNCH_LINK_TTL_MS,
  launchSigningText,
  type LaunchTheme,
  type LaunchWallet,
} from '@platform/contracts';
import type { Clock } from '../../../lib/clock';
import { randomToken } from '../../../lib/tokens';
import { LaunchRefused, type GameLauncher, type LaunchInput } from '../catalogue';
import type { MerchantService } from '../../platform/merchant';
import type { SeamlessRepository } from './seamless.repository';
import type { VendorSecretResolver } from './seamless.service';

/**
 * The reference a vendor knows the player by: `P` and the member id in base 36, lower case (no username leaves the
 * platform). The transfer protocol names players the same way (vendor-wallet/player-id.ts): a vendor that serves a
 * merchant in transfer mode keeps the wallet that transfers fill under this id, so both must spell it alike.
 */
export const playerIdOf = (memberId: bigint): string => `P${memberId.toString(36)}`;

/**
 * Where the game client loads from: the vendor's launch_url, its origin replaced by one of the merchant's launch CDN
 * hosts (spec launchGameCDNs) picked at random. Only an absolute launch_url is moved: a relative one (the embedded
 * RGS at `/rgs`) is served by this server, which the CDN hosts do not reach.
 */
export const launchBase = (launchUrl: string, cdns: readonly string[], pick = randomInt): string => {
  const base = launchUrl.replace(/\/+$/, '');
  if (!/^https?:\/\//.test(base) || cdns.length === 0) return base;
  const cdn = new URL(cdns[pick(cdns.length)] ?? cdns[0] ?? base);
  const target = new URL(base);
  return `${cdn.origin}${target.pathname.replace(/\/+$/, '')}${target.search}`;
};

export type LaunchUrlInput = {
  base: string;
  gameCode: string;
  token: string;
  merchantCode: string;
  playerId: string;
  currency: string;
  language: string;
  theme: LaunchTheme;
  play: boolean;
  /** Who holds the balance the game plays with: the platform (seamless) or the vendor (transfer). */
  wallet: LaunchWallet;
  /** When the link stops being accepted (ms since the epoch). */
  expiresAtMs: number;
  /** The shared secret of (merchant, vendor): it signs the query. */
  secret: string;
};

/**
 * PROTOCOL: `<base>/play/<gameCode>?token&op&player&currency&lang&theme&mode&wallet&exp&sig`. The query passes through the
 * player's browser, so `sig` (HMAC-SHA256 of the canonical query, contracts launchSigningText) lets the vendor refuse
 * a link whose mode, wallet, currency or player was edited, and `exp` one that was kept for later.
 */
export const launchUrl = (input: LaunchUrlInput): string => {
  const params: Record<string, string> = {
    token: input.token,
    op: input.merchantCode,
    player: input.playerId,
    currency: input.currency,
    lang: input.language.toLowerCase(),
    theme: input.theme,
    mode: input.play ? 'play' : 'real',
    wallet: input.wallet,
    exp: String(input.expiresAtMs),
  };
  const sig = createHmac('sha256', input.secret).update(launchSigningText(params)).digest('hex');
  const query = new URLSearchParams({ ...params, sig });
  return `${input.base}/play/${encodeURIComponent(input.gameCode)}?${query.toString()}`;
};

/**
 * Play money lives on the platform whatever the merchant's mode (a trial member cannot transfer money in), so only
 * real money of a merchant without the single wallet plays from the vendor's wallet.
 */
export const launchWalletOf = (walletIsSingle: boolean, play: boolean): LaunchWallet =>
  walletIsSingle || play ? 'seamless' : 'transfer';

/** The reasons staff read in the back office (the vendor's last launch error); the player reads GAME_UNAVAILABLE. */
export const NO_LAUNCH_ADDRESS = 'no launch address (launch_url) configured';
export const NO_CREDENTIALS =
  'no credentials configured (the shared secret VENDOR_SECRET_<MERCHANT>_<VENDOR> is not set)';

/**
 * The launcher of every vendor that has a launch_url (installed as the catalogue registry's fallback): issues a game
 * session (only the SHA-256 of its token is stored) bound to the member, vendor, game, currency and play flag, and
 * answers the vendor's URL. The catalogue has already refused trial members on vendors without a demo.
 */
export const seamlessLauncher = (deps: {
  repository: Pick<SeamlessRepository, 'vendor' | 'insertSession'>;
  cdns: (merchantId: number) => Promise<readonly { kind: string; url: string }[]>;
  merchants: Pick<MerchantService, 'byId'>;
  vendorSecret: VendorSecretResolver;
  now: Clock;
}): GameLauncher => ({
  vendorCode: '*',
  readiness: async ({ merchantId, merchantCode, vendorCode }) => {
    const secret = deps.vendorSecret(merchantCode, vendorCode);
    if (secret === undefined || secret === '') return NO_CREDENTIALS;
    const vendor = await deps.repository.vendor(merchantId, vendorCode);
    return vendor?.launchUrl == null ? NO_LAUNCH_ADDRESS : null;
  },
  launch: async (input: LaunchInput) => {
    // Without the shared secret the link cannot be signed, and the vendor could not call us either.
    const secret = deps.vendorSecret(input.merchantCode, input.game.vendorCode);
    if (secret === undefined || secret === '') throw new LaunchRefused(NO_CREDENTIALS);
    const vendor = await deps.repository.vendor(input.merchantId, input.game.vendorCode);
    if (vendor?.launchUrl == null) throw new LaunchRefused(NO_LAUNCH_ADDRESS);
    const merchant = await deps.merchants.byId(input.merchantId);
    const token = randomToken(32);
    const playerId = playerIdOf(input.memberId);
    await deps.repository.insertSession({
      merchantId: input.merchantId,
      tokenHash: createHash('sha256').update(token).digest('hex'),
      memberId: input.memberId,
      playerId,
      vendorCode: vendor.code,
      gameId: input.game.id,
      gameCode: input.game.gameCode,
      currency: input.currency,
      play: input.play,
      expiresAtMs: deps.now() + GAME_SESSION_TTL_MS,
    });
    const cdns = (await deps.cdns(input.merchantId)).filter((cdn) => cdn.kind === 'LAUNCH').map((cdn) => cdn.url);
    const url = launchUrl({
      base: launchBase(vendor.launchUrl, cdns),
      gameCode: input.game.gameCode,
      token,
      merchantCode: input.merchantCode,
      playerId,
      currency: input.currency,
      language: input.language,
      theme: input.theme,
      play: input.play,
      wallet: launchWalletOf(merchant.walletIsSingle, input.play),
      expiresAtMs: deps.now() + LAUNCH_LINK_TTL_MS,
      secret,
    });
    return { url };
  },
});
