import type { BuildRgsOptions } from '../app';
import type { Database } from '../db/database';
import { signSeamless } from '../platform/seamless-client';
import { startFakePlatform, type FakePlatform } from './fake-platform';
import { startHarness, TEST_SECRET, type Harness } from './harness';
import { manualClock, type ManualClock } from './manual-clock';

/** A lottery test's RGS: its manual clock, the fake platform it calls, and the harness around it. */
export type LotteryHarness = { clock: ManualClock; platform: FakePlatform; h: Harness };

/**
 * The RGS of a lottery test on the test database: a manual clock from `startMs`, a fake platform speaking for
 * `vendors` (each with the test secret), and the lottery options (`rgs.lottery`, usually the engine off so the test
 * runs its stages by hand).
 */
export const openLotteryHarness = async (
  db: Database,
  startMs: number,
  vendors: string[],
  rgs: Partial<BuildRgsOptions>,
): Promise<LotteryHarness> => {
  const clock = manualClock(startMs);
  const platform = await startFakePlatform({ secret: TEST_SECRET, now: clock.now, vendors });
  const h = await startHarness(db, { clock: clock.clock, platform, rgs });
  return { clock, platform, h };
};

export const closeLotteryHarness = async (harness: Pick<LotteryHarness, 'h' | 'platform'>): Promise<void> => {
  await harness.h.close();
  await harness.platform.close();
};

/**
 * A call of the platform server to the lottery back-office API (`/lgw/admin/v1/<action>`), signed with the merchant's
 * LOTT secret (or `secret`, to see it refused) at the clock's time, by staff member `staff`.
 */
export const lotteryAdminCall = async <T>(
  harness: Pick<LotteryHarness, 'h' | 'clock'>,
  action: string,
  body: object,
  options: { staff?: string; secret?: string } = {},
): Promise<{ status: number; body: { success: boolean; value: T } }> => {
  const raw = JSON.stringify({ staff: options.staff ?? 'ops.lee', ...body });
  const timestamp = String(harness.clock.now());
  const response = await harness.h.rgs.inject({
    method: 'POST',
    url: `/lgw/admin/v1/${action}`,
    headers: {
      'content-type': 'application/json',
      'x-merchant': 'demo',
      'x-vendor': 'LOTT',
      'x-timestamp': timestamp,
      'x-signature': signSeamless(options.secret ?? TEST_SECRET, timestamp, raw),
    },
    payload: raw,
  });
  return { status: response.statusCode, body: response.json() as { success: boolean; value: T } };
};
