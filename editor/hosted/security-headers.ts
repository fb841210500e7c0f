/**
 * The hosted editor's own response headers: a Content-Security-Policy that admits exactly what the
 * built editor app and Firebase's Google sign-in popup use (checked in Chromium: no violation while
 * signing in and editing, tests/browser/hosted-editor.test.ts), and the usual others. The drafts'
 * previews are not served with these: they get the live site's (previews.ts).
 */
import type { ServerResponse } from 'node:http';
import { EDITOR_PREVIEW_ROUTE } from '../protocol/api';

export interface PolicyInput {
  /** The Firebase project's sign-in domain, whose page the SDK frames (`cesa-academy.firebaseapp.com`). */
  authDomain: string;
  /** `http://127.0.0.1:9099` in emulator mode: the sign-in's page and API are there instead. */
  emulatorUrl: string | null;
  /** Whether editors reach the server over https. */
  secure: boolean;
}

function policy(directives: [string, ...string[]][]): string {
  return directives.map((tokens) => tokens.join(' ')).join('; ');
}

/**
 * The headers of every answer of the editor's origin, by path. The editor's page may be framed by
 * nothing; the preview beside the form (/_editor/preview) only by the editor, and it frames what a
 * page's map section names (any https address the editor types, as the live site would once published).
 */
export function editorHeaders({ authDomain, emulatorUrl, secure }: PolicyInput): (pathname: string) => [string, string][] {
  const emulator = emulatorUrl ? [emulatorUrl] : [];
  const base = (frameSources: string[], frameAncestors: string): string =>
    policy([
      ['default-src', "'self'"],
      // The Firebase SDK loads Google's API loader for the popup's channel.
      ['script-src', "'self'", 'https://apis.google.com'],
      ['style-src', "'self'"],
      // Photos come from the draft (this origin); the page's empty icon is data:.
      ['img-src', "'self'", 'data:'],
      ['font-src', "'self'"],
      ['connect-src', "'self'", 'https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com', ...emulator],
      ['frame-src', ...frameSources],
      ['object-src', "'none'"],
      ['base-uri', "'none'"],
      ['form-action', "'none'"],
      ['frame-ancestors', frameAncestors],
    ]);
  const common: [string, string][] = [
    ['X-Content-Type-Options', 'nosniff'],
    ['Referrer-Policy', 'same-origin'],
    // Google's sign-in popup reports back to the page that opened it.
    ['Cross-Origin-Opener-Policy', 'same-origin-allow-popups'],
    ['Permissions-Policy', 'camera=(), geolocation=(), microphone=(), payment=(), usb=()'],
    ...(secure ? ([['Strict-Transport-Security', 'max-age=63072000']] as [string, string][]) : []),
  ];
  // The editor frames its preview and the sign-in's page.
  const editor: [string, string][] = [...common, ['X-Frame-Options', 'DENY'], ['Content-Security-Policy', base(["'self'", `https://${authDomain}`, ...emulator], "'none'")]];
  const preview: [string, string][] = [...common, ['X-Frame-Options', 'SAMEORIGIN'], ['Content-Security-Policy', base(['https:'], "'self'")]];
  return (pathname) => (pathname === EDITOR_PREVIEW_ROUTE ? preview : editor);
}

/** Sets the headers for `pathname` on the response. */
export function setEditorHeaders(res: ServerResponse, headers: ReturnType<typeof editorHeaders>, pathname: string): void {
  for (const [name, value] of headers(pathname)) res.setHeader(name, value);
}
