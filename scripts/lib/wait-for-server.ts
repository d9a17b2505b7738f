import { connect } from 'node:net';

/** Polls the console's info endpoint until the server answers; false after about 30 s. */
export async function serverAnswers(base: string, attempts = 150): Promise<boolean> {
  for (let i = 0; i < attempts; i++) {
    try {
      if ((await fetch(`${base}/api/_console/info`)).ok) return true;
    } catch {
      // still starting
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return false;
}

/** Whether something accepts a TCP connection on 127.0.0.1:port now (a server that speaks no HTTP we know: nginx). */
export function acceptsConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
