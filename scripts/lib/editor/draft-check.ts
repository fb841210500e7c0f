/**
 * What `npm run check` would say of a page if it were saved now: the file's own checks (YAML, the
 * schema) on the text a save would write, then, when those pass, the checks across files (links to
 * pages that do not exist, missing or too small images, routes claimed twice, the course menu) with
 * the other pages as the dev server loaded them. Only this file's errors are returned, located in the
 * draft's text, with the same codes, messages and hints as everywhere else.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ContentError } from '../../../src/content/errors';
import { assembleContent, listPageFiles, strayPageFiles, type Content, type ValidatedPage } from '../../../src/content/load';
import { PageSchema } from '../../../src/content/page-schema';
import { routeOf } from '../../../src/content/routes';
import { decodeSource } from '../../../src/content/source';
import { validateYaml } from '../../../src/content/validate';
import { fileName } from './content-info';
import type { ContentPaths, PageFile } from './page-files';

export class DraftChecker {
  /**
   * The checks across files locate an error by reading the page's file again (only when there is
   * one): the draft is written here for them to read, so that its errors point into the draft.
   */
  private readonly draftFile: string;

  constructor(
    private readonly paths: ContentPaths,
    scratchDir: string,
  ) {
    this.draftFile = path.join(scratchDir, `draft-${process.pid}.yaml`);
  }

  check(content: Content, page: PageFile, text: string): ContentError[] {
    const decoded = decodeSource(page.file, Buffer.from(text, 'utf8'));
    if (!decoded.ok) return [decoded.error];
    const own = validateYaml(PageSchema, page.file, text);
    if (!own.ok) return [...own.errors, ...strayPageFiles(this.paths.contentRoot, this.paths.pagesDir).filter((error) => error.file === page.file)];

    mkdirSync(path.dirname(this.draftFile), { recursive: true });
    writeFileSync(this.draftFile, text);
    const draft: ValidatedPage = {
      relative: path.relative(this.paths.pagesDir, this.draftFile),
      file: page.file,
      route: page.route,
      ok: true,
      page: own.value,
    };
    const valid = new Map(content.pages.map((entry) => [entry.file, entry.page]));
    const validated = listPageFiles(this.paths.pagesDir)
      .filter((relative) => relative !== page.relative)
      .map((relative): ValidatedPage => {
        const file = fileName(this.paths, relative);
        const other = valid.get(file);
        const known = { relative, file, route: routeOf(relative) };
        // What this page can clash with in another page is in its meta (its route, aliases, menu
        // entry): its sections are left out, so their links and images are not checked again.
        // A page with mistakes still claims its route.
        return other ? { ...known, ok: true, page: { ...other, sections: [] } } : { ...known, ok: false, errors: [] };
      });
    // In the order of the files, as `npm run check` (the first of two files with one route keeps it).
    const at = validated.findIndex((entry) => entry.relative > page.relative);
    validated.splice(at === -1 ? validated.length : at, 0, draft);
    try {
      return assembleContent({ root: this.paths.contentRoot, pagesDir: this.paths.pagesDir }, validated).errors.filter((error) => error.file === page.file);
    } finally {
      rmSync(this.draftFile, { force: true });
    }
  }
}
