/**
 * `npm run check`: validates every content file, prints every error, builds nothing. Updates the
 * editor's schemas that also know the content's routes and public files (schemas/editor/,
 * git-ignored) and, when the content is valid, firebase.json (the only committed file the content
 * decides). The committed files made from the code (schemas/*.json, README's section catalogue) it
 * only names when they are out of date: `npm run codegen` writes them.
 *
 * Then, as a reminder and never an error, it lists the example values and pictures a launch must
 * replace, with file and line (src/content/example-values.ts).
 *
 * Then, as warnings (exit 0: a person decides), what a date has made stale or due for a look: dated facts
 * past or due for a check, batches started or about to start with seats unknown, typed years of
 * experience the founding year contradicts (src/content/date-warnings.ts). `--today YYYY-MM-DD`: the
 * day to judge for (default: the date in India now).
 *
 * `--content <dir>` (for tests and tools): checks the pages/ and public/ of another folder, and
 * then writes nothing: the derived files describe the project's own content.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { findExampleUses, formatExampleUses } from '../src/content/example-values';
import { isDemoProject } from '../src/content/firebase-demo';
import { formatReport } from '../src/content/errors';
import { courseSearchGaps } from '../src/content/course-modes';
import { loadContent, SITE_FILE } from '../src/content/load';
import { contentDateWarnings, formatWarnings } from '../src/content/date-warnings';
import { todayOf } from '../scripts/builder/today';
import { FIREBASE_JSON_FILE, writeFirebaseJson } from '../scripts/hosting/firebase-json';
import { staleGeneratedFiles, writeEditorSchemas } from '../scripts/codegen/json-schema';
import { BUILD } from '../scripts/errors/build';
import { ERRORS_DOC, errorsDocStale } from '../scripts/codegen/errors-doc';
import { ERROR_LISTING } from '../editor/error-listing';

const { values } = parseArgs({ options: { content: { type: 'string' }, today: { type: 'string' } } });
// The one reading of the clock: what is past is judged for this date.
const chosen = todayOf(values.today, new Date());
if (!chosen.ok) {
  console.error(BUILD.text('BUILD_TODAY_NOT_A_DATE', { value: chosen.value }));
  process.exit(1);
}
const today = chosen.today;
const root = process.cwd();
const own = values.content === undefined || path.resolve(values.content) === root;
const contentRoot = own ? root : path.resolve(values.content!);
if (!existsSync(path.join(contentRoot, 'pages'))) {
  console.error(BUILD.text('BUILD_CONTENT_FOLDER_HAS_NO_PAGES', { folder: contentRoot }));
  process.exit(1);
}
const started = performance.now();
const content = loadContent({ root: contentRoot });
const seconds = ((performance.now() - started) / 1000).toFixed(2);
if (own) {
  const stale = [...staleGeneratedFiles(root), ...(errorsDocStale(root, ERROR_LISTING) ? [ERRORS_DOC] : [])];
  for (const file of stale) console.log(BUILD.text('BUILD_GENERATED_FILE_STALE', { file }));
  // Even with errors: the editor then flags links to missing pages and missing images as they are fixed.
  writeEditorSchemas(root, content);
}

if (content.errors.length > 0) {
  console.error(formatReport(content.errors, { color: process.stderr.isTTY }));
  process.exit(1);
}
if (own && content.site && writeFirebaseJson(root, { ...content, site: content.site })) {
  console.log(`Updated ${FIREBASE_JSON_FILE} (hosting redirects, Content-Security-Policy) from the content.`);
}
console.log(`Content OK: ${content.pages.length} pages and the site document checked in ${seconds} s.`);
if (content.site && isDemoProject(content.site.firebase.projectId)) {
  console.log('Sign-in uses the example project of pages/_site.yaml (firebase), for the local emulator: replace it before launch (deploying refuses it).');
}
// Course pages Google would not list as courses once no batch is upcoming (src/content/course-modes.ts).
for (const { file, page } of content.pages) {
  const name = page.meta.course?.name ?? '';
  for (const gap of courseSearchGaps(page)) console.log(BUILD.text(gap === 'no-mode' ? 'BUILD_COURSE_NO_MODE' : 'BUILD_COURSE_NO_HOURS', { file, name }));
}
// Warnings, never errors: what the date has made stale, for a person to decide.
console.log(`\n${formatWarnings(contentDateWarnings(content, `pages/${SITE_FILE}`, today, (file) => readFileSync(path.join(contentRoot, file), 'utf8')), today)}`);
// Last, as a list to work through before launch: the example values and pictures, with file and line.
console.log(`\n${formatExampleUses(findExampleUses(contentRoot))}`);
