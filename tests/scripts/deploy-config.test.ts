/**
 * A build meant for deployment refuses the example sign-in settings of the local Auth emulator,
 * located in pages/_site.yaml; firebase.json is what the content generates, and `firebase deploy`
 * runs that checked build first.
 */
// @tier slow: runs the build with --deploy
// @vitest-environment node
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { deployProblems, formatDeployProblems, isEmulatorBuild, readSiteFirebase, type DeployProblem } from '../../scripts/hosting/deploy-config';
import { DEPLOY_BUILD_COMMAND, firebaseJson, firebaseJsonText } from '../../scripts/hosting/firebase-json';
import { headerMatcher, readFirebaseConfig, type HeaderRule } from '../../scripts/hosting/hosting';
import { SPECULATION_RULES_PATH, SPECULATION_RULES_TYPE } from '../../scripts/builder/speculation';
import { loadContent } from '../../src/content/load';

const root = path.resolve(import.meta.dirname, '../..');
const work = mkdtempSync(path.join(tmpdir(), 'cesa-deploy-test-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const committedSite = readFileSync(path.join(root, 'pages/_site.yaml'), 'utf8');
const DEMO_BLOCK = `firebase:
  apiKey: demo-cesa-api-key
  authDomain: demo-cesa.firebaseapp.com
  projectId: demo-cesa
  appId: "1:000000000000:web:0000000000000000"
`;
/** A real-looking configuration (the key is made up: "AIza" and 35 characters, like a real one). */
const REAL = {
  apiKey: `AIzaSyD${'x1Y2z3'.repeat(5)}ab`,
  authDomain: 'cesa-academy.firebaseapp.com',
  projectId: 'cesa-academy',
  appId: '1:123456789012:web:0123456789abcdef',
};
const block = (values: Record<string, string>) =>
  `firebase:\n${Object.entries(values)
    .map(([key, value]) => `  ${key}: "${value}"\n`)
    .join('')}`;

let projects = 0;
/** A content root whose pages/_site.yaml is the committed one with `firebaseBlock` in place of its own. */
function contentWith(firebaseBlock: string): string {
  const dir = path.join(work, `content-${projects++}`);
  mkdirSync(path.join(dir, 'pages'), { recursive: true });
  const withoutBlock = committedSite.replace(/^firebase:.*\n(?:[ #].*\n|\n)*/m, '');
  expect(withoutBlock).not.toMatch(/^firebase:/m);
  writeFileSync(path.join(dir, 'pages/_site.yaml'), `${withoutBlock.trimEnd()}\n\n${firebaseBlock}`);
  return dir;
}

function problemsOf(firebaseBlock: string, env: Record<string, string> = {}): DeployProblem[] {
  const site = readSiteFirebase(contentWith(firebaseBlock));
  if (!site) throw new Error('the test site document is not valid');
  return deployProblems(site, env);
}

const located = (problems: DeployProblem[]) => problems.map((problem) => ('path' in problem ? problem.path : problem.variable));

/** The child's environment without any VITE_* setting of the caller's. */
function cleanEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('VITE_')));
}

describe('npm run build -- --deploy', () => {
  it('refuses the example settings, at pages/_site.yaml:line:col, with what to do, and leaves dist/ alone', () => {
    const content = contentWith(DEMO_BLOCK);
    const out = path.join(work, 'dist');
    mkdirSync(out, { recursive: true });
    writeFileSync(path.join(out, 'index.html'), 'the last good build');

    const result = spawnSync(process.execPath, ['--import', 'tsx', 'commands/build.ts', '--deploy', '--content', content, '--out', out], {
      cwd: root,
      encoding: 'utf8',
      env: cleanEnv(),
    });

    expect(result.status).not.toBe(0);
    const lines = readFileSync(path.join(content, 'pages/_site.yaml'), 'utf8').split('\n');
    const line = lines.findIndex((text) => text === '  projectId: demo-cesa') + 1;
    expect(line).toBeGreaterThan(0);
    expect(result.stderr).toContain(`pages/_site.yaml:${line}:3  firebase.projectId`);
    expect(result.stderr).toContain(`pages/_site.yaml:${line - 2}:3  firebase.apiKey`);
    expect(result.stderr).toContain('Firebase console → Project settings → Your apps');
    expect(result.stderr).toContain('cannot be deployed');
    expect(result.stderr).not.toMatch(/^\s+at /m);
    expect(readdirSync(out)).toEqual(['index.html']);
    expect(readFileSync(path.join(out, 'index.html'), 'utf8')).toBe('the last good build');
  }, 60_000);

  it('builds a real configuration, which the brochure island carries to the browser in its props', () => {
    const content = contentWith(block(REAL));
    cpSync(path.join(root, 'pages'), path.join(content, 'pages'), { recursive: true, filter: (source) => !source.endsWith('_site.yaml') });
    cpSync(path.join(root, 'public'), path.join(content, 'public'), { recursive: true });
    const out = path.join(work, 'dist-real');
    const firebaseJsonBefore = readFileSync(path.join(root, 'firebase.json'), 'utf8');

    const result = spawnSync(process.execPath, ['--import', 'tsx', 'commands/build.ts', '--deploy', '--content', content, '--out', out], {
      cwd: root,
      encoding: 'utf8',
      env: cleanEnv(),
    });

    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).not.toMatch(/emulator/);
    const html = readFileSync(path.join(out, 'index.html'), 'utf8');
    // The brochure island's props: what its sign-in starts Firebase with in the browser.
    const props = JSON.parse(/<script type="application\/json" id="i0-props">(.*?)<\/script>/s.exec(html)![1]!) as { firebase: unknown };
    expect(props.firebase).toEqual(REAL);
    // Another content tree's build leaves the project's firebase.json alone.
    expect(readFileSync(path.join(root, 'firebase.json'), 'utf8')).toBe(firebaseJsonBefore);
  }, 180_000);
});

describe('the deploy check', () => {
  it('passes a real configuration', () => {
    expect(problemsOf(block(REAL))).toEqual([]);
    const { appId: _, ...withoutAppId } = REAL;
    expect(problemsOf(block(withoutAppId))).toEqual([]);
    const site = readSiteFirebase(contentWith(block(REAL)))!;
    expect(isEmulatorBuild(site.firebase, {})).toBe(false);
  });

  it('refuses every example value of the demo configuration', () => {
    expect(located(problemsOf(DEMO_BLOCK))).toEqual(['firebase.apiKey', 'firebase.authDomain', 'firebase.projectId', 'firebase.appId']);
  });

  it('refuses a site document without a firebase block (the schema then builds for the emulator)', () => {
    const problems = problemsOf('');
    expect(located(problems)).toEqual(['firebase']);
    expect((problems[0] as { hint: string }).hint).toMatch(/Add a firebase: block/);
  });

  it('refuses an API key that is not one and an example domain, not a custom sign-in domain', () => {
    expect(located(problemsOf(block({ ...REAL, apiKey: '123456789012' })))).toEqual(['firebase.apiKey']);
    expect(located(problemsOf(block({ ...REAL, authDomain: 'login.cesa.example.com' })))).toEqual(['firebase.authDomain']);
    expect(problemsOf(block({ ...REAL, authDomain: 'login.cesa-academy.in' }))).toEqual([]);
  });

  it('refuses an emulator host, and says where it comes from', () => {
    const problems = problemsOf(block(REAL), { VITE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' });
    expect(located(problems)).toEqual(['VITE_AUTH_EMULATOR_HOST']);
    expect(formatDeployProblems(problems)).toContain('environment variable VITE_AUTH_EMULATOR_HOST=127.0.0.1:9099');
  });
});

describe('firebase.json', () => {
  const content = loadContent({ root });
  const policyOf = (json: { hosting: { headers?: HeaderRule[] } }) =>
    (json.hosting.headers ?? []).flatMap((rule) => rule.headers).find((header) => header.key === 'Content-Security-Policy')!.value;
  const frameSrc = (policy: string) => /(?:^|; )frame-src ([^;]*)/.exec(policy)![1]!.split(' ');

  it('is what the committed content generates (npm run check or npm run build updates it)', () => {
    expect(content.errors).toEqual([]);
    expect(readFileSync(path.join(root, 'firebase.json'), 'utf8')).toBe(firebaseJsonText({ ...content, site: content.site! }));
  });

  it('runs the deploy build before firebase deploy uploads dist/', () => {
    expect(readFirebaseConfig().hosting.predeploy).toEqual([DEPLOY_BUILD_COMMAND]);
    expect(DEPLOY_BUILD_COMMAND).toBe('npm run build -- --deploy');
  });

  it('lets the sign-in SDK frame the configured auth domain, and no wildcard', () => {
    const committed = frameSrc(policyOf(readFirebaseConfig()));
    expect(committed).toContain(`https://${content.site!.firebase.authDomain}`);
    expect(committed.join(' ')).not.toContain('*');

    const deployed = firebaseJson({ ...content, site: { firebase: { authDomain: REAL.authDomain }, brochure: content.site!.brochure } });
    expect(frameSrc(policyOf(deployed))).toEqual(['https://www.google.com', 'https://cesa-academy.firebaseapp.com']);
    expect(policyOf(deployed)).not.toContain('*');
  });

  it('asks search engines to leave the brochure out (it is a public file: the sign-in before it is a courtesy), and nothing else', () => {
    const headers = headerMatcher(readFirebaseConfig().hosting.headers ?? []);
    expect(content.site!.brochure.file).toBe('/downloads/cesa-brochure.pdf');
    expect(headers('/downloads/cesa-brochure.pdf').get('X-Robots-Tag')).toBe('noindex');
    for (const urlPath of ['/', '/etabs', '/images/logo.svg', '/sitemap.xml']) expect(headers(urlPath).get('X-Robots-Tag'), urlPath).toBeUndefined();
    // A brochure at the top of the site: that file alone.
    const atTop = headerMatcher(firebaseJson({ ...content, site: { ...content.site!, brochure: { ...content.site!.brochure, file: '/brochure.pdf' } } }).hosting.headers);
    expect([atTop('/brochure.pdf').get('X-Robots-Tag'), atTop('/downloads/cesa-brochure.pdf').get('X-Robots-Tag')]).toEqual(['noindex', undefined]);
  });

  it('names the speculation rules on every page and gives their file the type browsers require', () => {
    // The headers Hosting sends for a path, by the generated rules.
    const headers = headerMatcher(firebaseJson({ ...content, site: content.site! }).hosting.headers);
    for (const urlPath of ['/', ...content.pages.map((entry) => entry.route), '/no-such-page', '/404.html']) {
      expect(headers(urlPath).get('Speculation-Rules'), urlPath).toBe(`"${SPECULATION_RULES_PATH}"`);
    }
    expect(headers(SPECULATION_RULES_PATH).get('Content-Type')).toBe(SPECULATION_RULES_TYPE);
    expect(headers(SPECULATION_RULES_PATH).has('Speculation-Rules')).toBe(false);
    for (const urlPath of ['/assets/index-1a2b3c.js', '/assets/index-1a2b3c.css', '/sitemap.xml', '/favicon.svg', '/downloads/brochure.pdf']) {
      expect(headers(urlPath).has('Speculation-Rules'), urlPath).toBe(false);
      expect(headers(urlPath).has('Content-Type'), urlPath).toBe(false);
    }
  });

  it('redirects every alias of the content permanently', () => {
    expect(firebaseJson({ ...content, site: content.site! }).hosting.redirects).toEqual(
      [...content.redirects].map(([source, destination]) => ({ source, destination, type: 301 })),
    );
  });
});
