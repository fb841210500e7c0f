/**
 * How long and how much the hosted editor waits for a request, so that a slow or hostile sender holds
 * nothing for long: a new connection's first head, any request's head, its body (a deadline by its
 * size, http.ts BodyTiming), a kept-alive connection with no request, and how many connections each
 * kind of sender may hold at once (connection-shares.ts: signed-in editors' share is reserved). Bodies
 * are read in full before anything waits for the repository (server.ts), so these bound what a sender
 * holds: a connection and at most the body's limit in memory.
 */
import type { Server } from 'node:http';
import { DEFAULT_BODY_TIMING, type BodyTiming } from '../server/http';
import { HOSTED_MAX_UPLOAD_BYTES } from '../server/upload';
import { ConnectionShares, type Shares } from './connection-shares';

export interface RequestLimits {
  /** A new connection's first request line and headers, in full, from when it connects: before anything is known of who sends it. */
  waitingMs: number;
  /** Any request line and headers, from its first byte (Node's default: 60 s). */
  headersMs: number;
  /** A body's deadline: a grace, then a minimum rate (http.ts). */
  body: BodyTiming;
  /** A connection kept open for the next request, with none (Node's default: 5 s). */
  keepAliveMs: number;
  /** Connections each kind of sender holds at once (connection-shares.ts): 256 together by default. */
  shares: Shares;
  /** Requests without a session under way at once from one address, where a trusted proxy says it. */
  perAddress: number;
}

/**
 * A browser sends its request's head at once (a proxy in front sends it whole): 3 s for a new
 * connection's first, 5 s for any, are plenty on any line. 256 connections: 128 kept for signed-in
 * editors (a few per editor's tab: the editor, its checks, the preview's files, for a few dozen
 * editors at once), 64 for connections not yet heard from, 32 for sign-ins and 32 for the rest.
 */
export const DEFAULT_REQUEST_LIMITS: RequestLimits = {
  waitingMs: 3_000,
  headersMs: 5_000,
  body: DEFAULT_BODY_TIMING,
  keepAliveMs: 5_000,
  shares: { waiting: 64, editors: 128, signIn: 32, others: 32 },
  perAddress: 16,
};

/** A sign-in's body holds one Google ID token (under 8 KB): what anyone may send before they are known. */
export const SIGN_IN_BODY_BYTES = 16 * 1024;

/** How often Node looks for requests past headersMs or the whole request's time (its default: 30 s). */
const CHECK_EVERY_MS = 1_000;

/** The options of createServer for these limits. */
export function serverTimeouts(limits: RequestLimits): { headersTimeout: number; requestTimeout: number; connectionsCheckingInterval: number } {
  // The largest body (a photo) at the minimum rate: past that, Node ends any request, even one whose body
  // nothing reads (a refusal answered before it), which readBody's deadline does not watch.
  const longestBodyMs = limits.body.graceMs + (HOSTED_MAX_UPLOAD_BYTES / limits.body.minBytesPerSecond) * 1000;
  return { headersTimeout: limits.headersMs, requestTimeout: limits.headersMs + longestBodyMs, connectionsCheckingInterval: CHECK_EVERY_MS };
}

/** The shares of connections for these limits (the proxies named by the administrator are the only ones whose X-Forwarded-For is believed). */
export function connectionShares(limits: RequestLimits, trustedProxies: readonly string[]): ConnectionShares {
  return new ConnectionShares({ shares: limits.shares, waitingMs: limits.waitingMs, trustedProxies, perAddress: limits.perAddress });
}

/** Sets the limits that createServer takes as properties, and has `shares` hold its connections. */
export function limitConnections(server: Server, limits: RequestLimits, shares: ConnectionShares): void {
  server.keepAliveTimeout = limits.keepAliveMs;
  // A bound for what the shares cannot see: connections a full share is closing, not gone yet.
  server.maxConnections = 2 * shares.total;
  shares.attach(server);
}
