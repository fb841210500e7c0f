/**
 * firebase.json is generated: a fixed base (the emulators, the hosting options, caching, the
 * security headers and the speculation rules' headers) plus what the content decides:
 *
 * - `hosting.redirects`: a 301 for every alias (`meta.aliases`) of every page;
 * - the Content-Security-Policy's `frame-src`: the sign-in domain of pages/_site.yaml
 *   (`firebase.authDomain`, whose page the Google sign-in SDK frames) and the origin of every
 *   map a contact section embeds;
 * - `X-Robots-Tag: noindex` for the brochure's folder (`brochure.file`): the PDF is a public file
 *   (a static host serves it to anyone who has its address; the sign-in before the download is a
 *   courtesy asked of visitors), kept out of search engines, as robots.txt asks them too.
 *
 * The build makes the text from the content it validated (`hosting` in buildSite's result) and
 * `npm run build` and `npm run check` rewrite the project's file when it differs, like schemas/; a
 * test keeps the committed file equal to what this produces from the committed content.
 * `hosting.predeploy` runs the deploy build, so `firebase deploy` always ships a checked build.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { PageFacts } from '../../src/content/facts';
import { ICON_FILES, SOCIAL_DIR } from '../../src/content/routes';
import type { HeaderRule } from './hosting';
import { SPECULATION_RULES_HEADER, SPECULATION_RULES_PATH, SPECULATION_RULES_TYPE } from '../builder/speculation';

export const FIREBASE_JSON_FILE = 'firebase.json';

/** What `firebase deploy` runs before it uploads dist/ (from the project directory). */
export const DEPLOY_BUILD_COMMAND = 'npm run build -- --deploy';

/** The Auth emulator `npm start` and the browser tests run; scripts/hosting/hosting.ts admits it locally. */
const AUTH_EMULATOR = { host: '127.0.0.1', port: 9099 };

/**
 * The Content-Security-Policy, directive by directive. No inline script or style, nothing
 * evaluated; the sign-in SDK's script (apis.google.com) and API hosts; `frame-src` is filled in
 * from the content.
 */
function contentSecurityPolicy(frameSources: readonly string[]): string {
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    ['script-src', "'self'", 'https://apis.google.com'],
    ['style-src', "'self'"],
    ['img-src', "'self'", 'data:'],
    ['font-src', "'self'"],
    ['media-src', "'self'"],
    ['connect-src', "'self'", 'https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com'],
    ['frame-src', ...frameSources],
    // The web app manifest (/manifest.webmanifest); said outright rather than left to default-src.
    ['manifest-src', "'self'"],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'none'"],
    ['frame-ancestors', "'none'"],
  ];
  return directives.map((tokens) => tokens.join(' ')).join('; ');
}

/** The glob of firebase.json's `source` for a path robots.txt and the header keep out of search: a folder's files, or the file. */
const unlistedGlob = (unlisted: string) => (unlisted.endsWith('/') ? `${unlisted}**` : unlisted);

function headerRules(policy: string, unlisted: readonly string[]): HeaderRule[] {
  return [
    {
      source: '**',
      headers: [
        { key: 'Strict-Transport-Security', value: 'max-age=63072000; includeSubDomains; preload' },
        { key: 'X-Content-Type-Options', value: 'nosniff' },
        { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
        // The Google sign-in popup must be able to report back to the page that opened it.
        { key: 'Cross-Origin-Opener-Policy', value: 'same-origin-allow-popups' },
        {
          key: 'Permissions-Policy',
          value: 'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()',
        },
        { key: 'Content-Security-Policy', value: policy },
      ],
    },
    // Hashed file names (the bundles; the processed photos, named by the original's hash): a changed file is a new URL.
    { source: '/assets/**', headers: [{ key: 'Cache-Control', value: 'public, max-age=31536000, immutable' }] },
    { source: '/_img/**', headers: [{ key: 'Cache-Control', value: 'public, max-age=31536000, immutable' }] },
    // The cards of shared links, named by their content's hash: a changed page's card is a new URL.
    { source: `/${SOCIAL_DIR}/**`, headers: [{ key: 'Cache-Control', value: 'public, max-age=31536000, immutable' }] },
    // Pages (clean URLs have no dot) and HTML: revalidated on every use, and naming the speculation
    // rules, which prefetch the page a visitor is about to open (scripts/builder/speculation.ts).
    {
      regex: '^[^.]*$|\\.html$',
      headers: [{ key: 'Cache-Control', value: 'no-cache' }, SPECULATION_RULES_HEADER],
    },
    // A browser uses the rules only when they come with this type (Hosting would say application/json).
    { source: SPECULATION_RULES_PATH, headers: [{ key: 'Content-Type', value: SPECULATION_RULES_TYPE }] },
    // The web app manifest's own type, whatever the host's table of extensions says.
    { source: `/${ICON_FILES.manifest}`, headers: [{ key: 'Content-Type', value: 'application/manifest+json' }] },
    // The brochure's folder: served to anyone with its address, listed by no search engine.
    ...unlisted.map((path): HeaderRule => ({ source: unlistedGlob(path), headers: [{ key: 'X-Robots-Tag', value: 'noindex' }] })),
  ];
}

/**
 * What firebase.json is generated from: the validated content of the project (its facts, which a
 * build keeps for an unchanged page: scripts/builder/page-index.ts).
 */
export interface FirebaseJsonInput {
  site: { firebase: { authDomain: string }; brochure: { file: string } };
  redirects: ReadonlyMap<string, string>;
  facts: readonly Pick<PageFacts, 'embeds'>[];
}

/**
 * What the content decides in firebase.json, and nothing else: small, plain data, recorded with a
 * build so that a build that finds nothing changed still writes the file right (scripts/builder/up-to-date.ts).
 */
export interface HostingRules {
  /** Alias → canonical route. */
  redirects: [string, string][];
  /** The Content-Security-Policy's frame-src. */
  frameSources: string[];
  /** The site paths kept out of search engines (`unlistedPaths`): a folder ends in "/". */
  unlisted: string[];
}

/**
 * The site paths search engines are asked to leave out (robots.txt's Disallow, the X-Robots-Tag
 * header): the brochure's folder (`/downloads/`), or the brochure itself when it is at the top.
 */
export function unlistedPaths(site: { brochure: { file: string } }): string[] {
  const folder = site.brochure.file.slice(0, site.brochure.file.lastIndexOf('/') + 1);
  return [folder === '/' ? site.brochure.file : folder];
}

/** The sources `frame-src` needs: every embedded map's origin and the sign-in domain. */
export function frameSources({ site, facts }: Pick<FirebaseJsonInput, 'site' | 'facts'>): string[] {
  const maps = new Set(facts.flatMap((page) => page.embeds));
  return [...[...maps].sort(), `https://${site.firebase.authDomain}`];
}

/** The part of firebase.json the content decides. */
export function hostingRulesOf(input: FirebaseJsonInput): HostingRules {
  return { redirects: [...input.redirects], frameSources: frameSources(input), unlisted: unlistedPaths(input.site) };
}

/** firebase.json as an object, in the order its keys are written. */
export function firebaseJson(input: FirebaseJsonInput | HostingRules) {
  const rules = 'frameSources' in input ? input : hostingRulesOf(input);
  return {
    emulators: {
      auth: AUTH_EMULATOR,
      ui: { enabled: false },
      singleProjectMode: true,
    },
    hosting: {
      public: 'dist',
      predeploy: [DEPLOY_BUILD_COMMAND],
      cleanUrls: true,
      trailingSlash: false,
      redirects: rules.redirects.map(([source, destination]) => ({ source, destination, type: 301 })),
      headers: headerRules(contentSecurityPolicy(rules.frameSources), rules.unlisted),
    },
  };
}

/** firebase.json's text, from the content or from the rules a build recorded. */
export function firebaseJsonText(input: FirebaseJsonInput | HostingRules): string {
  return `${JSON.stringify(firebaseJson(input), null, 2)}\n`;
}

/**
 * Writes `text` to `file` if the file differs (or is missing); true if it did. Written beside and
 * renamed over, so that a reader (firebase deploy, git) never sees half a file.
 */
export function writeHostingFile(file: string, text: string): boolean {
  if (existsSync(file) && readFileSync(file, 'utf8') === text) return false;
  const temporary = `${file}.tmp-${process.pid}`;
  writeFileSync(temporary, text);
  renameSync(temporary, file);
  return true;
}

/** Writes `<root>/firebase.json` if it differs from what the content gives; true if it did. */
export function writeFirebaseJson(root: string, input: FirebaseJsonInput): boolean {
  return writeHostingFile(path.join(root, FIREBASE_JSON_FILE), firebaseJsonText(input));
}
