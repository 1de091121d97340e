import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { openPglite as openEmbedded, type Database, type PgliteOptions as EmbeddedOptions } from '@platform/db';

export type PgliteOptions = Pick<EmbeddedOptions, 'dataDir' | 'loadDataDir'>;

/**
 * The platform's embedded PostgreSQL: with pg_trgm, the catalogue's game-name search index (migration 0009), and
 * a locked-directory message naming the platform's settings.
 */
export const openPglite = (options: PgliteOptions = {}): Promise<Database> =>
  openEmbedded({ ...options, extensions: { pg_trgm }, settingNames: 'DATA_DIR/DATABASE_URL' });
