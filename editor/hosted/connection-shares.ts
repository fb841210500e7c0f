/**
 * Who holds the server's connections, so that a flood from people nobody knows never shuts out the
 * editors. Each connection is in one share at a time, each share bounded on its own:
 * - waiting: connected, its first request's head not read yet (anyone may open one). A short deadline
 *   (RequestLimits.waitingMs), and when the share is full the connection that has waited longest is
 *   closed for the new one: a browser sends its head at once, so a flood of heads never finished
 *   (renewed as fast as they are closed) takes the place of its own oldest, never of a browser's.
 * - editors: its last request carried a valid session. Reserved: nobody without a session takes it.
 * - sign-in: its last request was a sign-in. Full, the oldest is closed for the new one.
 * - others: anything else (the health check, the app's files before sign-in). The same.
 * Behind a proxy every connection comes from the proxy's address, so addresses say nothing unless the
 * administrator names the proxies (trustedProxies): then the client's address is the one such a proxy
 * put in X-Forwarded-For, and requests without a session from one address are limited (perAddress).
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { isIP, type Socket } from 'node:net';

/** What a request is, for the share of its connection. */
export type Share = 'editors' | 'sign-in' | 'others';

export interface Shares {
  /** Connections whose first request's head is not read yet. */
  waiting: number;
  /** Connections of requests with a valid session: reserved. */
  editors: number;
  /** Connections of sign-ins. */
  signIn: number;
  /** Connections of any other request without a session. */
  others: number;
}

export interface ShareOptions {
  shares: Shares;
  /** A new connection's first request head, in full, within this (ms). */
  waitingMs: number;
  /** The proxies whose X-Forwarded-For is believed (their addresses as they connect); none: no address is known. */
  trustedProxies: readonly string[];
  /** Requests without a session in flight at once from one client address (known through a trusted proxy). */
  perAddress: number;
}

/** Why a request is not taken: its share is full of editors' connections, or its address has too many under way. */
export type Refused = 'busy' | 'address';

/** `::ffff:127.0.0.1` (IPv4 on an IPv6 socket) as `127.0.0.1`. */
export function plainAddress(address: string | undefined): string {
  const trimmed = (address ?? '').trim();
  return trimmed.startsWith('::ffff:') && isIP(trimmed.slice(7)) === 4 ? trimmed.slice(7) : trimmed;
}

/**
 * The client's address when a trusted proxy says it: the right-most address of X-Forwarded-For that
 * is not itself a trusted proxy (what the last proxy saw; anything left of it the client may have
 * written). Null when the connection is not from a trusted proxy, or the header names nobody.
 */
export function clientAddress(req: IncomingMessage, trustedProxies: readonly string[]): string | null {
  const trusted = new Set(trustedProxies.map(plainAddress));
  if (!trusted.has(plainAddress(req.socket.remoteAddress))) return null;
  const header = req.headers['x-forwarded-for'];
  const said = (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',').map(plainAddress).filter(Boolean);
  for (let index = said.length - 1; index >= 0; index--) {
    if (!trusted.has(said[index]!)) return isIP(said[index]!) ? said[index]! : null;
  }
  return null;
}

type Kind = 'waiting' | Share;

export class ConnectionShares {
  /** Each share's connections, oldest first (a Set keeps the order they were added in). */
  private readonly held: Record<Kind, Set<Socket>> = { waiting: new Set(), editors: new Set(), 'sign-in': new Set(), others: new Set() };
  private readonly kindOf = new Map<Socket, Kind>();
  private readonly deadlines = new Map<Socket, NodeJS.Timeout>();
  /** Requests without a session in flight, by client address. */
  private readonly inFlight = new Map<string, number>();
  private readonly bounds: Record<Kind, number>;

  constructor(private readonly options: ShareOptions) {
    const { waiting, editors, signIn, others } = options.shares;
    this.bounds = { waiting, editors, 'sign-in': signIn, others };
  }

  /** Every connection at once, at most: the shares together. */
  get total(): number {
    return Object.values(this.bounds).reduce((sum, bound) => sum + bound, 0);
  }

  /** Takes every new connection of `server` into the waiting share. */
  attach(server: Server): void {
    server.on('connection', (socket: Socket) => this.connected(socket));
  }

  private connected(socket: Socket): void {
    this.makeRoom('waiting');
    this.put(socket, 'waiting');
    const deadline = setTimeout(() => socket.destroy(), this.options.waitingMs);
    deadline.unref();
    this.deadlines.set(socket, deadline);
    socket.once('close', () => {
      this.clearDeadline(socket);
      const kind = this.kindOf.get(socket);
      if (kind) this.held[kind].delete(socket);
      this.kindOf.delete(socket);
    });
  }

  /**
   * A request's head is read: its connection moves to the request's share (and is now its newest).
   * Refused when the editors' share is full, or its address has too many requests without a session under way.
   */
  admit(req: IncomingMessage, res: ServerResponse, share: Share): Refused | null {
    const socket = req.socket;
    this.clearDeadline(socket);
    if (share !== 'editors') {
      const address = clientAddress(req, this.options.trustedProxies);
      if (address !== null) {
        const under = this.inFlight.get(address) ?? 0;
        if (under >= this.options.perAddress) return 'address';
        this.inFlight.set(address, under + 1);
        res.once('close', () => {
          const left = (this.inFlight.get(address) ?? 1) - 1;
          if (left > 0) this.inFlight.set(address, left);
          else this.inFlight.delete(address);
        });
      }
    }
    // Not one this server counted (a test's own socket): nothing to move.
    const was = this.kindOf.get(socket);
    if (was === undefined) return null;
    this.held[was].delete(socket);
    if (this.held[share].size >= this.bounds[share]) {
      if (share === 'editors') {
        this.put(socket, was);
        return 'busy';
      }
      this.makeRoom(share);
    }
    this.put(socket, share);
    return null;
  }

  /** How many connections each share holds now (tests, the log). */
  counts(): Record<Kind, number> {
    return { waiting: this.held.waiting.size, editors: this.held.editors.size, 'sign-in': this.held['sign-in'].size, others: this.held.others.size };
  }

  private put(socket: Socket, kind: Kind): void {
    this.held[kind].add(socket);
    this.kindOf.set(socket, kind);
  }

  /** A full share (never the editors') closes its oldest connection for a new one. */
  private makeRoom(kind: Exclude<Kind, 'editors'>): void {
    const held = this.held[kind];
    while (held.size >= this.bounds[kind]) {
      const oldest = held.values().next().value;
      if (oldest === undefined) return;
      held.delete(oldest);
      this.kindOf.delete(oldest);
      this.clearDeadline(oldest);
      oldest.destroy();
    }
  }

  private clearDeadline(socket: Socket): void {
    const deadline = this.deadlines.get(socket);
    if (deadline === undefined) return;
    clearTimeout(deadline);
    this.deadlines.delete(socket);
  }
}
