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
import { SiteSchema } from '../../../src/content/site-schema';
import { SITE_DOCUMENT_FILE } from '../../../src/editor/protocol';
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
    return page.file === SITE_DOCUMENT_FILE ? this.checkSite(content, text).errors : this.checkPage(content, page, text);
  }

  /**
   * The site document as it would be if saved now: its own checks (YAML, the schema), then, when
   * those pass, the checks across files with the pages as the dev server loaded them (links to pages
   * that do not exist, missing images, the menu's groups). With the header menu this draft makes.
   */
  checkSite(content: Content, text: string): { errors: ContentError[]; menu?: unknown } {
    const decoded = decodeSource(SITE_DOCUMENT_FILE, Buffer.from(text, 'utf8'));
    if (!decoded.ok) return { errors: [decoded.error] };
    const own = validateYaml(SiteSchema, SITE_DOCUMENT_FILE, text);
    if (!own.ok) return { errors: own.errors };
    const assembled = assembleContent({ root: this.paths.contentRoot, pagesDir: this.paths.pagesDir, siteSource: text }, this.otherPages(content, null));
    return { errors: assembled.errors.filter((error) => error.file === SITE_DOCUMENT_FILE), menu: assembled.menu };
  }

  /**
   * Every page file but `except`, as the dev server loaded it. What a page can clash with in another
   * page is in its meta (its route, aliases, menu entry): its sections are left out, so their links
   * and images are not checked again. A page with mistakes still claims its route.
   */
  private otherPages(content: Content, except: string | null): ValidatedPage[] {
    const valid = new Map(content.pages.map((entry) => [entry.file, entry.page]));
    return listPageFiles(this.paths.pagesDir)
      .filter((relative) => relative !== except)
      .map((relative): ValidatedPage => {
        const file = fileName(this.paths, relative);
        const other = valid.get(file);
        const known = { relative, file, route: routeOf(relative) };
        return other ? { ...known, ok: true, page: { ...other, sections: [] } } : { ...known, ok: false, errors: [] };
      });
  }

  private checkPage(content: Content, page: PageFile, text: string): ContentError[] {
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
    const validated = this.otherPages(content, page.relative);
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
