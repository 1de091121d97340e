import { buildRgs } from './app';
import { loadRgsEnv } from './env';
import { operatorsFromEnv } from './platform/seamless-client';
import { attachRgsSocketIo } from './socket';

/**
 * Standalone (distributed) mode: `npm run start:rgs`. Listens on RGS_PORT (8090), keeps its facts in PostgreSQL
 * (RGS_DATABASE_URL) or PGlite under ./data/rgs, and calls the platform at RGS_PLATFORM_URL with the secrets of
 * RGS_OPERATOR_SECRETS (`code=secret,...`). The platform's vendor RGS then has launch_url and api_url
 * `http://<this host>:8090/rgs`.
 */
const SHUTDOWN_TIMEOUT_MS = 10_000;

const start = async (): Promise<void> => {
  const env = loadRgsEnv();
  const rgs = await buildRgs({
    database: env.RGS_DATABASE_URL === undefined ? { dataDir: env.dataDir } : { url: env.RGS_DATABASE_URL },
    operators: operatorsFromEnv(env.RGS_PLATFORM_URL, env.RGS_OPERATOR_SECRETS),
    logger: { level: env.LOG_LEVEL },
    verifierUrl: env.RGS_VERIFIER_URL ?? `${env.RGS_PLATFORM_URL}/verify`,
    frameAncestors: (env.RGS_FRAME_ANCESTORS ?? new URL(env.RGS_PLATFORM_URL).origin)
      .split(',')
      .map((origin) => origin.trim())
      .filter((origin) => origin !== ''),
  });
  attachRgsSocketIo(rgs, rgs.server);
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    rgs.log.info({ signal }, 'shutting down');
    setTimeout(() => process.exit(1), SHUTDOWN_TIMEOUT_MS).unref();
    rgs.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
  try {
    await rgs.listen({ port: env.RGS_PORT, host: env.RGS_HOST });
  } catch (error) {
    await rgs.close();
    throw error;
  }
  const database =
    env.RGS_DATABASE_URL === undefined ? `embedded PGlite at ${env.dataDir}` : 'PostgreSQL (RGS_DATABASE_URL)';
  process.stdout.write(
    `\n  RGS (Originals) is running on port ${env.RGS_PORT}\n  Platform: ${env.RGS_PLATFORM_URL}\n  Database: ${database}\n` +
      `  Games: /rgs/play/<gameCode>   Jackpots: /rgs/v1/jackpots   Crash chain: /rgs/v1/crash/chain\n\n`,
  );
};

start().catch((error: unknown) => {
  process.stderr.write(
    `RGS failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
