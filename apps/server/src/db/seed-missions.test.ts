import { expect, it } from 'vitest';
import { describeEachDatabase } from '../test/databases';
import { seedDemo } from './seed';
import { DEMO_MISSIONS, seedDemoMissions } from './seed-missions';

/** The demo merchant's missions and races (issue 21): seeded once, a daily mission and a race running now. */
describeEachDatabase('demo missions seed', (getDb) => {
  it('should seed the missions and two running races once', async () => {
    const now = () => Date.now();
    await seedDemo(getDb());
    expect(await seedDemoMissions(getDb(), now)).toBe(DEMO_MISSIONS.length);
    expect(await seedDemoMissions(getDb(), now)).toBe(0);
    const { rows: daily } = await getDb().query(
      "SELECT id FROM missions WHERE cadence = 'DAILY' AND status = 'ACTIVE'",
    );
    expect(daily.length).toBeGreaterThanOrEqual(2);
    const { rows: running } = await getDb().query(
      'SELECT id FROM races WHERE starts_at <= now() AND ends_at > now() AND settled_at IS NULL',
    );
    expect(running).toHaveLength(2);
  });
});
