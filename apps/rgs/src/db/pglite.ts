import { openPglite as openEmbedded, type Database, type PgliteOptions as EmbeddedOptions } from '@platform/db';

export type PgliteOptions = Pick<EmbeddedOptions, 'dataDir' | 'loadDataDir'>;

/** The RGS's own embedded PostgreSQL (DESIGN.md §3); a locked directory's message names the RGS's settings. */
export const openPglite = (options: PgliteOptions = {}): Promise<Database> =>
  openEmbedded({ ...options, settingNames: 'RGS_DATA_DIR/RGS_DATABASE_URL' });
