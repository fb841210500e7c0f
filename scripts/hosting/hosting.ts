/**
 * The response headers of firebase.json's `hosting.headers`, applied the way Firebase Hosting
 * applies them, so that the local server (scripts/hosting/serve.ts) and the CDN send the same ones from
 * one source of truth. firebase.json itself is generated (scripts/hosting/firebase-json.ts).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

export const FIREBASE_JSON = resolve(import.meta.dirname, '../../firebase.json');

/** One entry of `hosting.headers`: a glob (`source` or `glob`) or an RE2 `regex` over the URL path. */
export interface HeaderRule {
  source?: string;
  glob?: string;
  regex?: string;
  headers: { key: string; value: string }[];
}

export interface FirebaseConfig {
  hosting: {
    public: string;
    predeploy?: string | string[];
    redirects?: { source: string; destination: string; type: number }[];
    headers?: HeaderRule[];
  };
  emulators?: { auth?: { host: string; port: number } };
}

export function readFirebaseConfig(file = FIREBASE_JSON): FirebaseConfig {
  return JSON.parse(readFileSync(file, 'utf8')) as FirebaseConfig;
}

/** A compiled rule set: the headers for a URL path. */
export type HeaderMatcher = (urlPath: string) => Map<string, string>;

/**
 * Every rule whose pattern matches applies, in file order, so a later rule's value wins for a
 * header that two rules set (what Hosting and its emulator do; firebase.json avoids relying on it).
 */
export function headerMatcher(rules: readonly HeaderRule[]): HeaderMatcher {
  const compiled = rules.map((rule) => ({ test: patternOf(rule), headers: rule.headers }));
  return (urlPath) => {
    const headers = new Map<string, string>();
    for (const rule of compiled) {
      if (!rule.test(urlPath)) continue;
      for (const { key, value } of rule.headers) headers.set(key, value);
    }
    return headers;
  };
}

function patternOf(rule: HeaderRule): (urlPath: string) => boolean {
  const glob = rule.glob ?? rule.source;
  if (glob !== undefined && rule.regex !== undefined) throw new Error(`A header rule has both a glob and a regex: ${glob} / ${rule.regex}`);
  if (glob !== undefined) {
    const pattern = globToRegExp(glob);
    return (urlPath) => pattern.test(urlPath);
  }
  if (rule.regex !== undefined) {
    // Hosting evaluates RE2; for the syntax the two share, JavaScript's engine agrees (the emulator does the same).
    const pattern = new RegExp(rule.regex, 'u');
    return (urlPath) => pattern.test(urlPath);
  }
  throw new Error('A header rule needs a source, glob or regex');
}

/**
 * The glob syntax the hosting rules use, with minimatch's meaning (which the Hosting emulator
 * uses): a leading slash is implied; `**` is any number of path segments, `*` any characters
 * within one, `?` one character; neither matches a segment that starts with a dot. Anything
 * else (braces, brackets, extglobs) is refused rather than guessed.
 */
export function globToRegExp(glob: string): RegExp {
  if (/[[\]{}()!+@\\]/.test(glob)) throw new Error(`Unsupported glob syntax in ${glob}: use *, ** and ? only, or a regex rule`);
  const segments = glob.replace(/^\/*/, '').split('/');
  const notDot = '(?!\\.)';
  const parts = segments.map((segment, index) => {
    const last = index === segments.length - 1;
    if (segment === '**') return last ? `/(?:${notDot}[^/]*(?:/${notDot}[^/]*)*)?` : `(?:/${notDot}[^/]*)*`;
    const body = segment
      .split('')
      .map((char) => (char === '*' ? '[^/]*' : char === '?' ? '[^/]' : char.replace(/[.^$|]/g, '\\$&')))
      .join('');
    // A lone `*` is a whole segment, never an empty one.
    return `/${segment.startsWith('.') ? '' : notDot}${segment === '*' ? '[^/]+' : body}`;
  });
  // Like minimatch, a path may end with a slash unless the pattern ends with `**` (which covers it).
  const trailingSlash = segments[segments.length - 1] === '**' ? '' : '/?';
  return new RegExp(`^${parts.join('')}${trailingSlash}$`);
}

/**
 * The headers for a local run: the Content-Security-Policy also lets the page reach the Auth
 * emulator of firebase.json (`emulators.auth`), which the site talks to when pages/_site.yaml
 * configures a `demo-` project. Deployed, the emulator does not exist and the policy stays as written.
 */
export function withLocalEmulator(headers: Map<string, string>, config: FirebaseConfig): Map<string, string> {
  const auth = config.emulators?.auth;
  const policy = headers.get('Content-Security-Policy');
  if (!auth || !policy) return headers;
  const origin = `http://${auth.host}:${auth.port}`;
  const local = new Map(headers);
  local.set('Content-Security-Policy', allowOrigin(policy, ['connect-src', 'frame-src'], origin));
  return local;
}

/** Adds `origin` to each of `directives` in a policy (creating one from default-src if it is missing). */
export function allowOrigin(policy: string, directives: readonly string[], origin: string): string {
  const parsed = policy
    .split(';')
    .map((directive) => directive.trim().split(/\s+/))
    .filter((tokens) => tokens[0]);
  const fallback = parsed.find((tokens) => tokens[0] === 'default-src')?.slice(1) ?? [];
  for (const name of directives) {
    const directive = parsed.find((tokens) => tokens[0] === name);
    if (directive) {
      if (!directive.includes(origin)) directive.push(origin);
    } else {
      parsed.push([name, ...fallback.filter((source) => source !== "'none'"), origin]);
    }
  }
  return parsed.map((tokens) => tokens.join(' ')).join('; ');
}
