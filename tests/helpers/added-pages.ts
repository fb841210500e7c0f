/**
 * The site's pages with what an editor adds, in a throwaway folder: the tests that pin the site's own
 * content (tests/content/site-content.test.ts) run on it too, since adding a course is adding one
 * file and must leave them passing. The added pages are made from the page templates
 * (pages/_templates/), as `npm run new` makes them: a course as the template has it (listed last in
 * its menu group, having no order), a course placed between two others by its `order` and named in
 * the menu by its `label`, and a plain page in no menu.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface AddedPages {
  /** The copy of pages/ with the added files: pass it to loadContent as `pagesDir` (root stays the project's, for public/). */
  pagesDir: string;
  /** The routes of the added pages. */
  routes: string[];
  /** The added courses' entries in the Structure group of the menu, as "<label> <route>". */
  structureEntries: string[];
  remove: () => void;
}

/** Edits a template's text, failing if the template no longer has what is edited (the addition would silently be another). */
function edit(text: string, from: RegExp, to: (match: string, indent: string) => string): string {
  const edited = text.replace(from, to);
  if (edited === text) throw new Error(`the course template no longer has ${String(from)}: update tests/helpers/added-pages.ts`);
  return edited;
}

export function withAddedPages(root: string): AddedPages {
  const dir = mkdtempSync(path.join(tmpdir(), 'cesa-added-pages-'));
  const pagesDir = path.join(dir, 'pages');
  cpSync(path.join(root, 'pages'), pagesDir, { recursive: true });
  const template = (name: string) => readFileSync(path.join(root, 'pages/_templates', `${name}.yaml`), 'utf8');

  // As the template has it: menu group structure, no order.
  writeFileSync(path.join(pagesDir, 'new-course.yaml'), template('course'));
  // Between ETABS (order 60) and ETABS Intermediate (70), under a label of its own.
  let placed = template('course').replaceAll('New Course', 'Frame Analysis');
  placed = edit(placed, /^( *)# order: 65\b/m, (_, indent) => `${indent}order: 65`);
  placed = edit(placed, /^( *)# label: Frame Analysis\b/m, (_, indent) => `${indent}label: Frame Analysis (Structure)`);
  writeFileSync(path.join(pagesDir, 'frame-analysis.yaml'), placed);
  writeFileSync(path.join(pagesDir, 'new-page.yaml'), template('basic'));

  return {
    pagesDir,
    routes: ['/new-course', '/frame-analysis', '/new-page'],
    structureEntries: ['New Course /new-course', 'Frame Analysis (Structure) /frame-analysis'],
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
