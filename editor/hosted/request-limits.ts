/**
 * How long and how much the hosted editor waits for a request, so that a slow or hostile sender holds
 * nothing for long: the request's head, its body (a deadline by its size, http.ts BodyTiming), a
 * kept-alive connection with no request, and how many connections are open at once. Bodies are read
 * in full before anything waits for the repository (server.ts), so these bound what a sender holds:
 * a connection and at most the body's limit in memory.
 */
import type { Server } from 'node:http';
import { DEFAULT_BODY_TIMING, type BodyTiming } from '../server/http';
import { HOSTED_MAX_UPLOAD_BYTES } from '../server/upload';

export interface RequestLimits {
  /** The request line and headers, from the first byte (Node's default: 60 s). */
  headersMs: number;
  /** A body's deadline: a grace, then a minimum rate (http.ts). */
  body: BodyTiming;
  /** A connection kept open for the next request, with none (Node's default: 5 s). */
  keepAliveMs: number;
  /**
   * Connections at once; past it a new one is closed at once. Not per address: behind the proxy that
   * serves https every connection comes from the proxy's address.
   */
  maxConnections: number;
}

/**
 * A browser sends its request's head at once: 10 s is plenty on any line. 256 connections: a few per
 * editor's tab (the editor, its checks, the preview's files), for a few dozen editors at once.
 */
export const DEFAULT_REQUEST_LIMITS: RequestLimits = {
  headersMs: 10_000,
  body: DEFAULT_BODY_TIMING,
  keepAliveMs: 5_000,
  maxConnections: 256,
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

/** Sets the limits that createServer takes as properties. */
export function limitConnections(server: Server, limits: RequestLimits): void {
  server.keepAliveTimeout = limits.keepAliveMs;
  server.maxConnections = limits.maxConnections;
}
