import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Listen on a free port of 127.0.0.1; the port. */
export async function listenOnLoopback(server: Server): Promise<number> {
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  return (server.address() as AddressInfo).port;
}

/** Stop listening and cut every open connection, idle or not; resolves once the server is closed. */
export function closeWithConnections(server: Server): Promise<void> {
  return new Promise<void>((done) => {
    server.close(() => done());
    server.closeAllConnections();
  });
}
