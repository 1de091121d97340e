/**
 * @platform/rgs: the in-house remote game server (DESIGN.md §2, §6).
 *
 * Embedded mode (one process, one port):
 *   const rgs = await buildRgs({ database: { dataDir }, operators, logger });
 *   await rgs.ready();
 *   // forward every request whose path starts with /rgs/ (except /rgs/socket.io) to rgs.routing(req, res)
 *   attachRgsSocketIo(rgs, platformHttpServer);
 *   // on shutdown: await rgs.close();
 */
export { buildRgs, type BuildRgsOptions, type RgsApp, type RgsDatabaseOption, type RgsServices } from './app';
export { attachRgsSocketIo, RGS_SOCKET_PATH } from './socket';
export { operatorsFromEnv, RGS_VENDOR_CODE, type Operator, type OperatorResolver } from './platform/seamless-client';
export { systemClock, type Clock } from './lib/clock';
export { RGS_GAMES } from './lib/games';
