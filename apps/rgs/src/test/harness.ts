import { randomBytes as cryptoRandomBytes } from 'node:crypto';
import { LAUNCH_LINK_TTL_MS, type LaunchWallet } from '@platform/contracts';
import { buildRgs, type BuildRgsOptions, type RgsApp } from '../app';
import type { Database } from '../db/database';
import type { Clock } from '../lib/clock';
import { signLaunch, type SignedLaunch } from '../sessions/launch-link';
import { startFakePlatform, type FakePlatform } from './fake-platform';

export const TEST_SECRET = 'test-shared-secret-for-the-rgs';

/**
 * A random source tests can steer: queued byte strings are handed out first (e.g. the next server seed), then
 * node:crypto takes over.
 */
export const steerableRandom = () => {
  const queue: Uint8Array[] = [];
  return {
    randomBytes: (n: number): Uint8Array => {
      const next = queue[0];
      if (next !== undefined && next.length === n) {
        queue.shift();
        return next;
      }
      return new Uint8Array(cryptoRandomBytes(n));
    },
    queue: (bytes: Uint8Array) => queue.push(bytes),
  };
};

type Envelope<T> = { success: boolean; value: T; code?: string; message?: string };

/**
 * The launch query as the platform's launcher writes it (seamless.launcher.ts): signed with the operator's secret,
 * good for LAUNCH_LINK_TTL_MS from `nowMs`.
 */
export const signedLaunchQuery = (
  fields: {
    token: string;
    player: string;
    op?: string;
    currency?: string;
    mode?: 'real' | 'play';
    wallet?: LaunchWallet;
    /** Left out unless given, as a platform that sends no theme writes its links. */
    theme?: 'dark' | 'light';
  },
  nowMs: number,
  secret = TEST_SECRET,
): SignedLaunch => {
  const params = {
    token: fields.token,
    op: fields.op ?? 'demo',
    player: fields.player,
    currency: fields.currency ?? 'PHP',
    lang: 'en',
    ...(fields.theme === undefined ? {} : { theme: fields.theme }),
    mode: fields.mode ?? 'real',
    wallet: fields.wallet ?? 'seamless',
    exp: String(nowMs + LAUNCH_LINK_TTL_MS),
  };
  return { ...params, sig: signLaunch(secret, params) };
};

export type Harness = Awaited<ReturnType<typeof startHarness>>;

/** The RGS on a test database, wired to a fake platform; the crash game is off unless asked for. */
export const startHarness = async (
  db: Database,
  options: {
    clock?: Clock;
    platform?: FakePlatform;
    rgs?: Partial<BuildRgsOptions>;
  } = {},
) => {
  const platform =
    options.platform ??
    (await startFakePlatform({ secret: TEST_SECRET, now: options.clock ? () => options.clock!.now() : undefined }));
  const random = steerableRandom();
  const rgs: RgsApp = await buildRgs({
    database: db,
    operators: (code) => (code === 'demo' ? { platformUrl: platform.url, secret: TEST_SECRET } : undefined),
    clock: options.clock,
    randomBytes: random.randomBytes,
    crash: { enabled: false },
    callTimeoutMs: 1_000,
    ...options.rgs,
  });
  await rgs.ready();

  const request = async <T>(
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    session?: string,
    body?: unknown,
  ): Promise<{ status: number; body: Envelope<T> }> => {
    const response = await rgs.inject({
      method,
      url,
      headers: session === undefined ? {} : { authorization: `Bearer ${session}` },
      ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
    });
    return { status: response.statusCode, body: response.json() as Envelope<T> };
  };

  const now = () => (options.clock ?? { now: () => Date.now() }).now();

  /**
   * Launches a game as the platform would, and swaps the launch token like the game page does. In transfer mode the
   * platform knows nothing of the balance (`balance` is not used): the game plays from the RGS-held wallet.
   */
  const launch = async (
    game: string,
    player: {
      playerId: string;
      balance?: string;
      currency?: string;
      mode?: 'real' | 'play';
      wallet?: LaunchWallet;
      /** The operator (merchant code); default demo. */
      op?: string;
    },
  ): Promise<{ session: string; token: string; balance: string }> => {
    const currency = player.currency ?? 'PHP';
    const token = platform.issueSession(player.playerId, player.balance ?? '100.00', currency);
    const query = signedLaunchQuery(
      { token, player: player.playerId, op: player.op, currency, mode: player.mode, wallet: player.wallet },
      now(),
    );
    const swapped = await request<{ session: string; balance: string }>('POST', '/rgs/v1/sessions', undefined, {
      ...query,
      game,
    });
    if (swapped.status !== 201) throw new Error(`launch failed: ${JSON.stringify(swapped.body)}`);
    return { session: swapped.body.value.session, token, balance: swapped.body.value.balance };
  };

  return {
    rgs,
    platform,
    random,
    request,
    launch,
    now,
    close: async (): Promise<void> => {
      await rgs.close();
      if (options.platform === undefined) await platform.close();
    },
  };
};
