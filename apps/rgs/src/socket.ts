import type { Server as HttpServer } from 'node:http';
import { Server as SocketIoServer } from 'socket.io';
import type { RgsApp } from './app';

/** The Socket.IO path of the crash game; embedded mode shares the platform's HTTP server, hence the prefix. */
export const RGS_SOCKET_PATH = '/rgs/socket.io';

/**
 * Attaches the crash game's Socket.IO to an HTTP server (the standalone RGS's own, or the platform's in embedded
 * mode). destroyUpgrade false: another Socket.IO server (the platform's) answers upgrades on its own path on the
 * same server. Broadcast only: `crash:round` (phase changes with the round number and times; clients draw the
 * curve with game-math), `crash:bet` and `crash:cashout` (masked player names); a new connection gets
 * `crash:snapshot`. Bets and cash-outs go through the authenticated HTTP API, so the socket needs no login.
 */
export const attachRgsSocketIo = (rgs: RgsApp, server: HttpServer): SocketIoServer => {
  const io = new SocketIoServer(server, {
    path: RGS_SOCKET_PATH,
    destroyUpgrade: false,
    serveClient: false,
    // Same origin only (the game pages are served by the RGS); no CORS.
    cors: undefined,
  });
  io.on('connection', (socket) => {
    socket.emit('crash:snapshot', rgs.rgs.crash.snapshot());
  });
  const unsubscribe = rgs.rgs.crash.onEvent((event) => {
    if (event.type === 'round') io.emit('crash:round', event.round);
    else if (event.type === 'bet') io.emit('crash:bet', { roundNo: event.roundNo, bet: event.bet });
    else io.emit('crash:cashout', { roundNo: event.roundNo, bet: event.bet });
  });
  rgs.rgs.closeTasks.add(async () => {
    unsubscribe();
    // io.close() would also close the HTTP server, which in embedded mode is the platform's: close sockets only.
    io.disconnectSockets(true);
    io.engine.close();
  });
  return io;
};
