/**
 * `node commands/engine.mjs phases --content <dir> [--passes 5]` (run by `npm run bench`): what one page
 * costs in each phase of a build once the code is warm, on one thread, in ms a page: validate (read,
 * parse, check), facts, body (React), head (head tags and JSON-LD). Every page of the folder, `passes`
 * times; the first pass (the code still being compiled, as in a cold build) and the median of the others.
 * A whole build's time moves with the machine's load by more than most changes to one phase; these
 * figures, taken in one process with nothing else changing, show what a change to a phase did.
 * Compiled like the build (commands/engine.mjs), so what is timed is the build's own code. Needs the
 * code's bundles: run a build first.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { bundleDirs, codeFingerprint } from '../scripts/builder/build-cache';
import { importServer } from '../scripts/builder/renderer';
import { headHtml, headOf } from '../src/app/head';
import { structuredDataHtml } from '../src/app/structured-data';
import { courseIndexOf } from '../src/content/course-facts';
import { factsOf } from '../src/content/facts';
import { listPageFiles, loadContent, validatePages } from '../src/content/load';

const { values } = parseArgs({ options: { content: { type: 'string' }, passes: { type: 'string', default: '5' } } });
const root = process.cwd();
const contentRoot = path.resolve(values.content ?? root);
const passes = Math.max(2, Number(values.passes));
const bundles = bundleDirs(root, codeFingerprint(root));
if (!bundles.complete) {
  console.error('No bundles for this code yet: run npm run build first.');
  process.exit(1);
}
const server = await importServer(bundles.server);
const pagesDir = path.join(contentRoot, 'pages');
const files = listPageFiles(pagesDir);
const content = loadContent({ root: contentRoot });
if (!content.site || content.errors.length > 0) {
  console.error(`The content has errors: run npm run build -- --content ${contentRoot} to see them.`);
  process.exit(1);
}
const site = content.site;
const courses = courseIndexOf(content.facts.map((facts) => facts.summary));

/** Each phase: what it does to every page once. */
const phases: Record<string, () => void> = {
  validate: () => {
    for (const relative of files) validatePages(contentRoot, pagesDir, [relative]);
  },
  facts: () => {
    for (const { route, file, page } of content.pages) factsOf(route, file, page);
  },
  body: () => {
    for (const { route, page } of content.pages) server.render({ route, today: '2027-01-11', site, menu: content.menu, courses, page, images: {} });
  },
  head: () => {
    for (const { route, page } of content.pages) {
      headHtml(headOf(site, route, page, {}, undefined), site.name);
      structuredDataHtml(site, route, page, {}, content.menu);
    }
  },
};

const times: Record<string, number[]> = {};
for (let pass = 0; pass < passes; pass++) {
  for (const [phase, run] of Object.entries(phases)) {
    const started = performance.now();
    run();
    (times[phase] ??= []).push((performance.now() - started) / files.length);
  }
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const line = (pick: (values: number[]) => number) => Object.entries(times).map(([phase, values]) => `${phase} ${pick(values).toFixed(3)}`).join(', ');
console.log(`${files.length} pages, one thread, ms a page: warm (median of ${passes - 1} passes) ${line((values) => median(values.slice(1)))}; first pass ${line((values) => values[0]!)}`);
