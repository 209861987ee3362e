// How many connections the HTTP server holds: a cap per client address and in total, so that a few thousand
// sockets that never finish their headers cannot use up the server's file descriptors and starve other clients.
import type { Server } from 'node:http';

export interface ConnectionLimits {
  /** Open connections one client address may hold; the next one is closed at once. Default 128. */
  perClient: number;
  /** Open connections in all (`server.maxConnections`); beyond it Node closes new sockets at once. Default 1024. */
  total: number;
}

// Every agent on the server's own machine comes from 127.0.0.1: 128 leaves room for a dozen agents making parallel
// calls, while one address still cannot hold more than an eighth of the total. Sockets that never finish their
// headers are dropped after the headers timeout (http.ts), so a flood from one address clears in seconds.
export const DEFAULT_CONNECTION_LIMITS: ConnectionLimits = { perClient: 128, total: 1024 };

/** Applies `limits` to `server`. Counts are per remote address, released when a socket closes. */
export function limitConnections(server: Server, limits: ConnectionLimits): void {
  server.maxConnections = limits.total;
  const open = new Map<string, number>();
  server.on('connection', (socket) => {
    const address = socket.remoteAddress ?? '';
    const count = (open.get(address) ?? 0) + 1;
    if (count > limits.perClient) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}
