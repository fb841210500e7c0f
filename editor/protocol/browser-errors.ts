/**
 * The words the editor's browser app says itself, when its server does not answer or answers without
 * words of its own. In `npm run dev` the server is the developer's own (its terminal says why); in the
 * hosted editor it is the academy's, and an editor never runs a command: each message has its words
 * for each place. Listed with every other message (editor/error-listing.ts, docs/errors.md); here,
 * beside the wire types, because the browser app imports nothing of the server side or of scripts/.
 */
export type ServerPlace = 'dev' | 'hosted';

export interface BrowserWords {
  code: string;
  message: string;
  hint: string;
}

export const BROWSER_ERRORS = {
  EDITOR_DEV_SERVER_UNREACHABLE: {
    message: 'The dev server does not answer.',
    hint: 'Is npm run dev still running? Your changes stay in this browser tab: start it again, and the editor reloads with them.',
  },
  EDITOR_HOSTED_SERVER_UNREACHABLE: {
    message: "The editor's server does not answer.",
    hint: "Your changes stay in this browser tab. Check the internet connection; the editor reloads with them once the server answers. If it goes on, tell the site's administrator.",
  },
  EDITOR_DEV_SERVER_FAILED: {
    message: ({ status }: { status: number }) => `The dev server could not do this (HTTP ${status}).`,
    hint: 'Its terminal (where npm run dev runs) says why.',
  },
  EDITOR_HOSTED_SERVER_FAILED: {
    message: ({ status }: { status: number }) => `The editor's server could not do this (HTTP ${status}).`,
    hint: "Nothing was changed. Try again in a minute; if it goes on, tell the site's administrator.",
  },
} as const;

/** The server does not answer at all (no connection), in the place's words. */
export function unreachable(place: ServerPlace): BrowserWords {
  const code = place === 'dev' ? 'EDITOR_DEV_SERVER_UNREACHABLE' : 'EDITOR_HOSTED_SERVER_UNREACHABLE';
  return { code, ...BROWSER_ERRORS[code] };
}

/** The server answered `status` without words of its own (a proxy's page, a crash), in the place's words. */
export function failedWithoutWords(place: ServerPlace, status: number): BrowserWords {
  const code = place === 'dev' ? 'EDITOR_DEV_SERVER_FAILED' : 'EDITOR_HOSTED_SERVER_FAILED';
  const { message, hint } = BROWSER_ERRORS[code];
  return { code, message: message({ status }), hint };
}
