/**
 * What `npm run check` would say of a page if it were saved now: the file's own checks (YAML, the
 * schema) on the text a save would write, then, when those pass, the checks across files (links to
 * pages that do not exist, missing or too small images, routes claimed twice, the course menu) with
 * the other pages as the dev server loaded them. Only this file's errors are returned, located in the
 * draft's text, with the same codes, messages and hints as everywhere else.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ContentError } from '../../src/content/errors';
import { assembleContent, listPageFiles, strayPageFiles, type Content, type ValidatedPage } from '../../src/content/load';
import { PageSchema, type Page } from '../../src/content/page-schema';
import { SiteSchema, type Site } from '../../src/content/site-schema';
import { SITE_DOCUMENT_FILE } from '../protocol/api';
import { routeOf } from '../../src/content/routes';
import { validateYaml } from '../../src/content/validate';
import { editorToday, fileName } from './content-info';
import { ownCheckOf, type OwnCheck } from './page-checks';
import { contentDateWarnings, dateWarningsOf } from '../../src/content/date-warnings';
import { lazyLocator } from '../../src/content/locate';
import type { ContentPaths, PageFile } from '../../scripts/authoring/page-files';

/** What the editor shows of a draft: its own errors and those it would cause in other files. */
export interface DraftErrors {
  errors: ContentError[];
  elsewhere: ContentError[];
  /** When its own checks pass: what is dated to look at in it today (never a reason to refuse it). */
  warnings?: ContentError[];
}

/** Two errors are the same one when they say the same of the same field of the same file (lines move). */
function errorKey(error: ContentError): string {
  return JSON.stringify([error.file, error.code, error.path, error.message]);
}

/** The errors in files other than `file` that `draft` has and the content as loaded has not. */
function causedElsewhere(content: Content, file: string, draft: readonly ContentError[]): ContentError[] {
  const before = new Set(content.errors.map(errorKey));
  return draft.filter((error) => error.file !== file && !before.has(errorKey(error)));
}

function cities(site: { branches: readonly { city: string }[] } | undefined): string {
  return JSON.stringify(site?.branches.map((branch) => branch.city) ?? []);
}

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

  /**
   * `own`: the text's own checks when already made (on the hosted editor's checking threads,
   * ./page-checks.ts); else they are made here.
   */
  check(content: Content, page: PageFile, text: string, own?: OwnCheck<Page>): DraftErrors {
    return page.file === SITE_DOCUMENT_FILE ? this.checkSite(content, text) : this.checkPage(content, page, text, own);
  }

  /**
   * The site document as it would be if saved now: its own checks (YAML, the schema), then, when
   * those pass, the checks across files with the pages as the dev server loaded them (links to pages
   * that do not exist, missing images, the menu's groups). With the header menu this draft makes.
   */
  checkSite(content: Content, text: string, checked?: OwnCheck<Site>): DraftErrors & { menu?: unknown } {
    const own = checked ?? ownCheckOf(SITE_DOCUMENT_FILE, text, (source) => validateYaml(SiteSchema, SITE_DOCUMENT_FILE, source));
    if (!own.ok) return { errors: own.errors, elsewhere: [] };
    // The pages' sections depend on the site document through the branches their contact sections name.
    const branchesChanged = cities(own.value) !== cities(content.site);
    const assembled = assembleContent({ root: this.paths.contentRoot, pagesDir: this.paths.pagesDir, siteSource: text }, this.otherPages(content, null, branchesChanged));
    return {
      errors: assembled.errors.filter((error) => error.file === SITE_DOCUMENT_FILE),
      elsewhere: causedElsewhere(content, SITE_DOCUMENT_FILE, assembled.errors),
      warnings: contentDateWarnings({ site: own.value, pages: [] }, SITE_DOCUMENT_FILE, editorToday(), () => text),
      menu: assembled.menu,
    };
  }

  /**
   * Every page file but `except`, as the dev server loaded it. What a page can clash with in another
   * page is in its meta (its route, aliases, menu entry): its sections are left out, so their links
   * and images are not checked again (a third of the time of a check), unless `withSections`: when the
   * draft changes what they depend on (the routes their links lead to, the branches they name). Their
   * images and files do not depend on any draft. A page with mistakes still claims its route.
   */
  private otherPages(content: Content, except: string | null, withSections: boolean): ValidatedPage[] {
    const valid = new Map(content.pages.map((entry) => [entry.file, entry.page]));
    return listPageFiles(this.paths.pagesDir)
      .filter((relative) => relative !== except)
      .map((relative): ValidatedPage => {
        const file = fileName(this.paths, relative);
        const other = valid.get(file);
        const known = { relative, file, route: routeOf(relative) };
        if (!other) return { ...known, ok: false, errors: [] };
        return { ...known, ok: true, page: withSections ? other : { ...other, sections: [] } };
      });
  }

  private checkPage(content: Content, page: PageFile, text: string, checked?: OwnCheck<Page>): DraftErrors {
    const own = checked ?? ownCheckOf(page.file, text, (source) => validateYaml(PageSchema, page.file, source));
    if (!own.ok) return { errors: [...own.errors, ...strayPageFiles(this.paths.contentRoot, this.paths.pagesDir).filter((error) => error.file === page.file)], elsewhere: [] };

    mkdirSync(path.dirname(this.draftFile), { recursive: true });
    // Made afresh with O_EXCL (`wx`), which never writes through a link left at its name.
    rmSync(this.draftFile, { force: true });
    writeFileSync(this.draftFile, text, { flag: 'wx' });
    const draft: ValidatedPage = {
      relative: path.relative(this.paths.pagesDir, this.draftFile),
      file: page.file,
      route: page.route,
      ok: true,
      page: own.value,
    };
    // Other pages' links depend on this page only through the addresses it claims: its aliases (its
    // route is its file's name), and whether it claims any (it was loaded with mistakes, or not at all).
    const loaded = content.pages.find((entry) => entry.file === page.file);
    const addressesChanged = !loaded || JSON.stringify(loaded.page.meta.aliases) !== JSON.stringify(own.value.meta.aliases);
    const validated = this.otherPages(content, page.relative, addressesChanged);
    // In the order of the files, as `npm run check` (the first of two files with one route keeps it).
    const at = validated.findIndex((entry) => entry.relative > page.relative);
    validated.splice(at === -1 ? validated.length : at, 0, draft);
    try {
      const assembled = assembleContent({ root: this.paths.contentRoot, pagesDir: this.paths.pagesDir }, validated);
      const warnings = dateWarningsOf(own.value, editorToday(), content.site?.founded, lazyLocator(page.file, () => text)).sort((a, b) => a.line - b.line || a.column - b.column);
      return { errors: assembled.errors.filter((error) => error.file === page.file), elsewhere: causedElsewhere(content, page.file, assembled.errors), warnings };
    } finally {
      rmSync(this.draftFile, { force: true });
    }
  }
}
