import { connect, type Socket } from 'node:net';

/**
 * A connected socket from `localAddress` (any 127.x.y.z is this machine) that sends nothing. It
 * drops what it reads, but does read: so it sees the server close it ('close').
 */
export function silentConnection(port: number, localAddress = '127.0.0.1'): Promise<Socket> {
  return new Promise((ok, fail) => {
    const socket = connect({ port, host: '127.0.0.1', localAddress }, () => ok(socket));
    socket.resume();
    socket.on('error', (err) => (socket.connecting ? fail(err) : undefined));
  });
}

/** Resolves when the socket has closed (the server closed it, or it was destroyed here). */
export const closed = (socket: Socket) => new Promise<void>((done) => (socket.closed ? done() : socket.once('close', () => done())));

/** Writes `request` on the socket and collects what comes back until the server closes it. */
export function answerOn(socket: Socket, request: string): Promise<string> {
  return new Promise((done) => {
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('error', () => undefined);
    socket.once('close', () => done(text));
    socket.resume();
    socket.write(request);
  });
}

/** A fresh connection that sends `request` at once; what came back when the server closed it ('' when refused). */
export function promptRequest(port: number, request: string, localAddress = '127.0.0.1'): Promise<string> {
  return new Promise((done) => {
    let connected = false;
    const socket = connect({ port, host: '127.0.0.1', localAddress }, () => {
      connected = true;
      void answerOn(socket, request).then(done);
    });
    socket.on('error', () => undefined);
    socket.once('close', () => (connected ? undefined : done('')));
  });
}
