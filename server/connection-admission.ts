import type { IncomingMessage, Server } from 'node:http';
import type { Socket } from 'node:net';
import { addressGroup } from './address-group';
import { answerAndClose, rawRefusal } from './refusals';

export type AdmissionLimits = {
  /** Open connections at once, proven or not. */
  maxConnections: number;
  /** Connections that have not yet sent a whole request head, in all. */
  maxUnproven: number;
  /** The same, from one address (an IPv6 /64); at most maxUnproven. */
  maxUnprovenPerAddress: number;
  /** A connection that sends no whole request head within this gets a 408 and is closed. */
  firstRequestTimeoutSeconds: number;
};

type Connection = {
  socket: Socket;
  group: string;
  timer: NodeJS.Timeout | undefined;
  /** Answers under way on this socket (pipelined requests count one each). */
  busy: number;
  /** The latest request, to tell one whose body is still arriving. */
  request: IncomingMessage | undefined;
};

/** The first (oldest) of an insertion-ordered map's values other than `except`. */
function firstOf<T>(entries: Iterable<T>, except?: T): T | undefined {
  for (const entry of entries) if (entry !== except) return entry;
  return undefined;
}

/**
 * Admission that a silent client cannot exhaust. Node's `maxConnections` counts a connection that
 * has sent nothing like any other, and drops a new one at accept while the silent ones hold every
 * slot until their headers timeout. Here a connection is *unproven* until its first request head
 * is in ('request', or 'upgrade' where someone takes upgrades); unproven connections are capped in
 * all and per address, and each has a short first-request timeout. At a cap the OLDEST unproven
 * connection is closed to admit the new one: it has had its chance, and a client that sends its
 * request promptly is proven long before the renewals of a silent flood reach it. At the total cap
 * the new connection takes, in this order, the oldest unproven one, the longest-idle keep-alive
 * one, or one whose request body is still arriving; with none of these it is refused. So the
 * slots above `maxUnproven` are a reserve only proven connections hold, and silent, slow-head and
 * slow-body clients never keep a prompt one out.
 */
export function admitConnections(server: Server, limits: AdmissionLimits): void {
  const perAddress = limits.maxUnprovenPerAddress;
  const open = new Map<Socket, Connection>();
  const unproven = new Map<Socket, Connection>();
  const unprovenByGroup = new Map<string, Map<Socket, Connection>>();
  /** Keep-alive connections with no answer under way, in the order they went idle. */
  const idle = new Map<Socket, Connection>();

  const leaveUnproven = (c: Connection) => {
    if (!unproven.delete(c.socket)) return;
    clearTimeout(c.timer);
    const mine = unprovenByGroup.get(c.group);
    mine?.delete(c.socket);
    if (mine?.size === 0) unprovenByGroup.delete(c.group);
  };
  /** It holds no slot from now on (its socket may take up to the refusal grace to close). */
  const forget = (c: Connection) => {
    leaveUnproven(c);
    idle.delete(c.socket);
    open.delete(c.socket);
  };
  const evict = (c: Connection) => {
    forget(c);
    c.socket.destroy();
  };
  const proven = (socket: Socket) => {
    const c = open.get(socket);
    if (c === undefined) return undefined;
    leaveUnproven(c);
    idle.delete(socket);
    return c;
  };
  const bodyStillArriving = () => firstOf([...open.values()].filter((c) => c.request?.complete === false));

  server.on('connection', (socket: Socket) => {
    const group = addressGroup(socket.remoteAddress);
    const c: Connection = { socket, group, timer: undefined, busy: 0, request: undefined };
    open.set(socket, c);
    unproven.set(socket, c);
    const mine = unprovenByGroup.get(group) ?? new Map<Socket, Connection>();
    unprovenByGroup.set(group, mine.set(socket, c));
    socket.once('close', () => forget(c));
    c.timer = setTimeout(() => {
      if (!unproven.has(socket)) return;
      forget(c);
      answerAndClose(socket, rawRefusal(408, 'Request Timeout: no request was received in time', { reason: 'requestTimeout' }));
    }, limits.firstRequestTimeoutSeconds * 1000);
    c.timer.unref();

    // The newcomer is the newest of each map, so there is an older one whenever a bound is passed.
    if (mine.size > perAddress) evict(firstOf(mine.values(), c)!);
    if (unproven.size > limits.maxUnproven) evict(firstOf(unproven.values(), c)!);
    if (open.size > limits.maxConnections) evict(firstOf(unproven.values(), c) ?? firstOf(idle.values()) ?? bodyStillArriving() ?? c);
  });

  server.prependListener('request', (req: IncomingMessage, res) => {
    const c = proven(req.socket as Socket);
    if (c === undefined) return;
    c.busy += 1;
    c.request = req;
    res.once('close', () => {
      c.busy -= 1;
      if (c.busy === 0 && open.has(c.socket) && !c.socket.writableEnded) idle.set(c.socket, c);
    });
  });
  // Only where someone takes upgrades (the dev server's HMR): a listener of our own would make
  // Node hand every upgrade request to 'upgrade' instead of 'request'. An upgraded socket is
  // proven and never idle.
  const markUpgraded = (req: IncomingMessage) => {
    const c = proven(req.socket as Socket);
    if (c !== undefined) c.busy += 1;
  };
  let watchingUpgrades = false;
  const watchUpgrades = () => {
    if (watchingUpgrades) return;
    watchingUpgrades = true;
    server.prependListener('upgrade', markUpgraded);
  };
  if (server.listenerCount('upgrade') > 0) watchUpgrades();
  server.on('newListener', (event: string | symbol) => event === 'upgrade' && watchUpgrades());
}
