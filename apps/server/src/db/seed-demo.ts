import type { Clock } from '../lib/clock';
import type { SecretBox } from '../modules/operations/staff';
import type { Database } from './database';
import { seedDemo, seedDemoCatalogue, seedDemoDepositChannels } from './seed';
import { seedDemoAccounts, type SeedHasher } from './seed-accounts';
import { seedDemoCashback } from './seed-cashback';
import { seedDemoContent } from './seed-content';
import { seedDemoContracts } from './seed-contracts';
import { seedDemoPoints } from './seed-points';
import { seedDemoMissions } from './seed-missions';
import { seedDemoPromotions } from './seed-promotions';
import { seedDemoReferral } from './seed-referral';
import { seedDemoStaff } from './seed-staff';
import { seedDemoSupport } from './seed-support';
import { seedDemoVip } from './seed-vip';

export type DemoSeedDeps = {
  hasher: SeedHasher;
  /** The key the server seals staff TOTP secrets with (STAFF_SECRET_KEY or the DATA_DIR key file). */
  staffSecrets: SecretBox;
  now: Clock;
  /** Told what each step added. */
  log: (message: string, detail?: Record<string, number>) => void;
};

/**
 * The demo merchant and everything on it (DESIGN.md §3): configuration, deposit channels, accounts, staff, catalogue
 * and content. Each step adds only what is missing, so a restart keeps an operator's edits. Embedded development starts
 * run it (app.ts); on PostgreSQL it is `npm run seed:demo`; production never runs it (ADR 0016).
 */
export const seedDemoData = async (db: Database, { hasher, staffSecrets, now, log }: DemoSeedDeps): Promise<void> => {
  if (await seedDemo(db)) log('demo merchant seeded');
  if ((await seedDemoDepositChannels(db)) > 0) log('demo deposit channels seeded');
  const accounts = await seedDemoAccounts(db, hasher);
  if (accounts > 0) log('demo accounts seeded', { accounts });
  const staff = await seedDemoStaff(db, hasher, staffSecrets);
  if (staff > 0) log('demo staff seeded', { staff });
  const catalogue = await seedDemoCatalogue(db);
  if (catalogue.games > 0) log('demo catalogue seeded', catalogue);
  // After the catalogue: the winner-board examples name games.
  const content = await seedDemoContent(db, now);
  if (content.banners + content.notices + content.wins > 0) log('demo content seeded', content);
  // After the accounts: demo_agent's contracts name its team.
  const contracts = await seedDemoContracts(db, now());
  if (contracts > 0) log('demo contracts seeded', { contracts });
  const promotions = await seedDemoPromotions(db, now);
  if (promotions > 0) log('demo promotions seeded', { promotions });
  const canned = await seedDemoSupport(db);
  if (canned > 0) log('demo canned replies seeded', { canned });
  const vipLevels = await seedDemoVip(db, now);
  if (vipLevels > 0) log('demo VIP levels seeded', { vipLevels });
  // After the levels and the promotions: cashback, level limits and birthday bonuses, demo_member's birthday.
  if ((await seedDemoCashback(db, now)) > 0) log('demo cashback and VIP benefits seeded');
  // After the accounts: demo_member's friends are members of the demo team.
  if ((await seedDemoReferral(db, now)) > 0) log('demo invite friends and raffles seeded');
  const mallItems = await seedDemoPoints(db, now);
  if (mallItems > 0) log('demo points mall seeded', { mallItems });
  const missions = await seedDemoMissions(db, now);
  if (missions > 0) log('demo missions and races seeded', { missions });
};
