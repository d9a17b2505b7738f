import type { Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * A test gateway listening on a free port of 127.0.0.1; its close() cuts open connections first
 * (a hostile answer may never end, and server.close waits for every connection).
 */
export async function listenOnLoopback(server: Server): Promise<{ origin: string; close: () => Promise<void> }> {
  const sockets = new Set<Socket>();
  server.on('connection', (s: Socket) => {
    sockets.add(s);
    s.once('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
