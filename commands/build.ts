/**
 * `npm run build`: the static site in dist/, or every content error and dist/ untouched.
 * Options (for tests and tools): --out <dir> (default dist), --content <dir> (where pages/ is), --verbose,
 * --today YYYY-MM-DD (the date the site is made for; default: the date in India now), --cold (make every file again: every page read and rendered, no file of an earlier build reused; the
 * code's bundles still come from the bundle cache when the code is unchanged, the photos, link cards and the
 * brochure from theirs, each kept by what it is made from), --rebundle (with --cold,
 * the code bundled again by Vite too), --stats (a JSON line of figures for the benchmark).
 *
 * --deploy: a build to deploy (what `firebase deploy` runs first, firebase.json's `hosting.predeploy`).
 * It refuses, before building anything, the example sign-in settings of the local Auth emulator
 * (a `demo-` project, an example API key, an emulator host); a plain build uses them and says so.
 * Building the project's own content also writes firebase.json when the content changed it (the build
 * makes it from the content it validated); a deploy that had to change it stops, as firebase deploy
 * read the old file.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { existsSync, readdirSync } from 'node:fs';
import { buildInputs, upToDate } from '../scripts/builder/up-to-date';
import { BUILD } from '../scripts/errors/build';
import { todayOf } from '../scripts/builder/today';

const { values } = parseArgs({
  options: {
    out: { type: 'string' },
    content: { type: 'string' },
    verbose: { type: 'boolean', default: false },
    deploy: { type: 'boolean', default: false },
    cold: { type: 'boolean', default: false },
    rebundle: { type: 'boolean', default: false },
    stats: { type: 'boolean', default: false },
    today: { type: 'string' },
  },
});
// The one reading of the clock: every page is made for this date.
const chosen = todayOf(values.today, new Date());
if (!chosen.ok) {
  console.error(BUILD.text('BUILD_TODAY_NOT_A_DATE', { value: chosen.value }));
  process.exit(1);
}
const today = chosen.today;
const root = process.cwd();
const contentRoot = values.content ? path.resolve(values.content) : root;
if (!existsSync(path.join(contentRoot, 'pages'))) {
  console.error(BUILD.text(values.content ? 'BUILD_CONTENT_FOLDER_HAS_NO_PAGES' : 'BUILD_NO_PAGES_FOLDER', { folder: contentRoot }));
  process.exit(1);
}
const outDir = path.resolve(values.out ?? 'dist');
const started = performance.now();
// Nothing changed since the last build of this folder: say so before loading the rest of the engine
// (scripts/builder/up-to-date.ts). A deploy always goes the whole way: it checks the sign-in settings.
// What the build reads, taken once, before it reads anything (a change made meanwhile is the next build's).
const inputs = buildInputs(root, contentRoot);
// The project's own content decides the project's firebase.json; another folder's (--content) only its output.
const hostingFile = contentRoot === root ? path.join(root, 'firebase.json') : undefined;
const hostingUpdated = () => console.log('Updated firebase.json (hosting redirects, Content-Security-Policy) from the content.');
if (!values.cold && !values.rebundle && !values.deploy) {
  const unchanged = upToDate(root, outDir, inputs.hash, today);
  if (unchanged) {
    // The hosting rules the last build recorded: firebase.json stays right even if it was edited since.
    const { firebaseJsonText, writeHostingFile } = await import('../scripts/hosting/firebase-json');
    if (hostingFile && writeHostingFile(hostingFile, firebaseJsonText(unchanged.hosting))) hostingUpdated();
    const seconds = (performance.now() - started) / 1000;
    if (values.stats) console.log(JSON.stringify({ seconds, made: 0, reused: unchanged.files, bundlesReused: true, peakMb: process.resourceUsage().maxRSS / 1024 }));
    console.log(`Built ${unchanged.pages} pages into ${path.relative(root, outDir) || '.'} in ${seconds.toFixed(1)} s: nothing changed since the last build.`);
    process.exit(0);
  }
}

const { formatReport } = await import('../src/content/errors');
const { deployProblems, formatDeployProblems, ignoredFirebaseVariables, isEmulatorBuild, readSiteFirebase } = await import('../scripts/hosting/deploy-config');
const { BuildStoppedError, buildSite } = await import('../scripts/builder/site-build');

const color = process.stderr.isTTY;
// The VITE_* variables the client bundle will see: the environment and any .env files (read by
// Vite's own loader, imported only when there are such files: importing Vite costs most of a second).
const env = readdirSync(root).some((file) => file.startsWith('.env'))
  ? (await import('vite')).loadEnv('production', root, 'VITE_')
  : Object.fromEntries(Object.entries(process.env).filter((entry): entry is [string, string] => entry[0].startsWith('VITE_') && entry[1] !== undefined));

for (const name of ignoredFirebaseVariables(env)) {
  console.warn(BUILD.text('BUILD_FIREBASE_VARIABLE_IGNORED', { name }));
}

const signIn = readSiteFirebase(contentRoot);
if (values.deploy && signIn) {
  const problems = deployProblems(signIn, env);
  if (problems.length > 0) {
    console.error(formatDeployProblems(problems, { color }));
    console.error(`\n${BUILD.text('BUILD_DEPLOY_REFUSED')}`);
    process.exit(1);
  }
}

const result = await buildSite({
  root,
  today,
  outDir,
  contentRoot,
  verbose: values.verbose,
  cold: values.cold || values.rebundle,
  rebundle: values.rebundle,
  inputs,
  hostingFile,
}).catch((error: unknown) => {
  // Expected stops (another build holds the folder too long, a path that would leave it) say what to
  // do in their message; anything else is a fault of the engine, whose details --verbose shows.
  const expected = error instanceof BuildStoppedError;
  console.error(expected || !values.verbose ? (error instanceof Error ? error.message : String(error)) : error);
  if (!expected && !values.verbose) console.error(BUILD.text('BUILD_FAULT'));
  console.error(`\n${BUILD.text('BUILD_STOPPED')}`);
  process.exit(1);
});
if (!result.ok) {
  console.error(formatReport(result.errors, { color }));
  console.error(`\n${BUILD.text('BUILD_STOPPED')}`);
  process.exit(1);
}
if (result.hostingWritten) {
  hostingUpdated();
  if (values.deploy) {
    // `firebase deploy` read the old file before it ran this build: it would deploy stale rules.
    console.error(`\n${BUILD.text('BUILD_FIREBASE_JSON_STALE_ON_DEPLOY', { file: 'firebase.json' })}`);
    process.exit(1);
  }
}
if (values.stats) {
  // For the benchmark (npm run bench): one line of figures, the process's peak memory included.
  console.log(JSON.stringify({ seconds: result.seconds, ...result.files, bundlesReused: result.bundlesReused, brochure: result.brochure, peakMb: process.resourceUsage().maxRSS / 1024, profile: result.profile, endedAt: performance.now() }));
}
const work = result.files.reused > 0 ? ` (${result.files.made} files made, ${result.files.reused} unchanged${result.bundlesReused ? ', code unchanged' : ''})` : '';
console.log(`Built ${result.pages} pages into ${path.relative(root, result.outDir) || '.'} in ${result.seconds.toFixed(1)} s${work}.`);
if (signIn && isEmulatorBuild(signIn.firebase, env)) {
  console.log(
    `This output is for local use with the sign-in emulator (project ${signIn.firebase.projectId}) and cannot be deployed: ` +
      `set your Firebase project in ${signIn.file} (firebase) and deploy with firebase deploy.`,
  );
}
