/**
 * The editor writes files, so only the person at this computer may use it: a request is served only
 * if it comes from this machine (the socket's address is loopback), names this server by a loopback
 * name and its port in `Host` (a web site that points its own name at 127.0.0.1, DNS rebinding, sends
 * its own name), and, when it sends an `Origin`, comes from a page of this server (another site's page
 * that posts to 127.0.0.1 sends its own origin, as does another local server's page that fetches).
 */
import type { IncomingMessage } from 'node:http';

const LOOPBACK_NAMES = ['127.0.0.1', 'localhost', '[::1]'];

/** 127.0.0.0/8, ::1, and IPv4 loopback seen through an IPv6 socket. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  return v4 === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

/** `127.0.0.1:5173`, `localhost:5173` or `[::1]:5173`, with this server's port. */
export function isOwnHost(host: string | undefined, port: number): boolean {
  if (!host) return false;
  return LOOPBACK_NAMES.some((name) => host.toLowerCase() === `${name}:${port}`);
}

/** `http://127.0.0.1:5173` and the other loopback names, with this server's port. */
export function isOwnOrigin(origin: string, port: number): boolean {
  return LOOPBACK_NAMES.some((name) => origin.toLowerCase() === `http://${name}:${port}`);
}

/** Why the request is refused, in words for the terminal's log, or undefined when it may be served. */
export function refusalReason(req: Pick<IncomingMessage, 'headers' | 'socket'>): string | undefined {
  const port = req.socket.localPort;
  if (!isLoopbackAddress(req.socket.remoteAddress)) return `it came from another computer (${req.socket.remoteAddress ?? 'unknown address'})`;
  if (port === undefined || !isOwnHost(req.headers.host, port)) return `it named another server (Host: ${req.headers.host ?? 'none'})`;
  return otherSiteReason(req.headers, (origin) => isOwnOrigin(origin, port));
}

/**
 * Why a request comes from another web site's page, or undefined when it does not: it names an
 * `Origin` that is not the editor's (a form or a fetch of another site sends its own), or the browser
 * says `Sec-Fetch-Site: cross-site` for something other than following a link. The dev server gives
 * its loopback origins; the hosted editor its configured one (editor/hosted/).
 */
export function otherSiteReason(headers: IncomingMessage['headers'], isOwn: (origin: string) => boolean): string | undefined {
  const origin = headers.origin;
  // A page of another site may send a form or a fetch here: the browser names its origin (for a
  // GET too, when it is another origin's fetch: Vite allows any localhost origin to read answers).
  if (origin !== undefined && !isOwn(origin)) return `it came from another web site (Origin: ${origin})`;
  // Browsers say so even for a GET: no other site's page may fetch the editor's answers. Following a
  // link to the editor from elsewhere (a navigation) is fine: it runs nothing the editor did not choose.
  if (headers['sec-fetch-site'] === 'cross-site' && headers['sec-fetch-mode'] !== 'navigate') {
    return 'it came from another web site (Sec-Fetch-Site: cross-site)';
  }
  return undefined;
}
