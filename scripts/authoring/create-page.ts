/**
 * A new page, for the editor (POST /_editor/api/create) and for `npm run new` (commands/new-page.ts)
 * alike, so both make the same file and refuse the same things: the route
 * must be one links can name, not the home page, and not taken by a page or an alias; the page starts
 * from a template (its text as it is) or as a copy of a page (without the original's aliases, which
 * would claim its old addresses twice).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { RouteSchema } from '../../src/content/fields';
import { listPageFiles, type Content } from '../../src/content/load';
import { fileNameProblem, routeOf } from '../../src/content/routes';
import type { Json } from '../../src/lib/json';
import type { NewPage, NewPageRequest } from '../../src/content/new-page';
import { parse } from 'yaml';
import { isRecord } from '../../src/lib/is-record';
import { applyData } from './yaml-edit';
import { Refusal } from './refusal';
import { readWithoutLinks } from './no-links';
import { createAtomically, readPageFile, resolvePageFile, type ContentPaths, type PageFile } from './page-files';
import { templatesOf } from './templates';
import { AUTHORING } from '../errors/authoring';

function taken(route: string, where: string): Refusal {
  return AUTHORING.refusal('EDITOR_ADDRESS_TAKEN', { route, where });
}

/** The text of the page to copy: named by its file (`pages/etabs.yaml`) or its route (`/etabs`). */
function copiedText(paths: ContentPaths, copy: string): string {
  const relative = copy.startsWith('/') ? listPageFiles(paths.pagesDir).find((file) => routeOf(file) === copy) : undefined;
  if (copy.startsWith('/') && relative === undefined) {
    const templates = templatesOf(paths.pagesDir).map((template) => template.name);
    throw AUTHORING.refusal('EDITOR_NOTHING_TO_COPY', { copy, templates: templates.join(', ') });
  }
  const source = resolvePageFile(paths, relative === undefined ? copy : `pages/${relative}`, { mustExist: true });
  // As the editor reads a page: a file that is not UTF-8 would be copied with � for what it cannot read.
  const { text, data } = readPageFile(source);
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw AUTHORING.refusal('EDITOR_COPY_UNREADABLE', { file: source.file });
  }
  const meta = data.meta;
  if (typeof meta !== 'object' || meta === null || Array.isArray(meta) || !('aliases' in meta)) return text;
  const { aliases: _aliases, ...rest } = meta;
  const next: Json = { ...data, meta: rest };
  // Written like a save: only the aliases go, the rest is the original's text, comments and all.
  return applyData(text, next);
}

/** A page about to be made: where, and its text. */
export interface PlannedPage {
  target: PageFile;
  text: string;
}

/** Makes the page (planPage, then writePlannedPage). */
export function createPage(paths: ContentPaths, content: Content, request: NewPageRequest): NewPage {
  return writePlannedPage(paths, planPage(paths, content, request));
}

/** The new page's file and text, or a refusal; nothing is written yet (the editor asks first whether git would keep the file). */
export function planPage(paths: ContentPaths, content: Content, request: NewPageRequest): PlannedPage {
  const name = request.name.trim();
  if (!name) {
    throw AUTHORING.refusal('EDITOR_NEW_PAGE_NAME_MISSING', {});
  }
  const route = request.route.trim().startsWith('/') ? request.route.trim() : `/${request.route.trim()}`;
  if (!RouteSchema.safeParse(route).success || route === '/') {
    throw AUTHORING.refusal('EDITOR_NEW_ADDRESS_INVALID', { route: request.route });
  }
  const relative = `${route.slice(1)}.yaml`;
  const problem = fileNameProblem(relative);
  if (problem) throw AUTHORING.refusal('EDITOR_NEW_ADDRESS_UNUSABLE', { route, problem });
  // Before anything in pages/ is listed or read: no link on the way to the new file (pages/ itself included).
  const target = resolvePageFile(paths, `pages/${relative}`, { mustExist: false });
  const existing = listPageFiles(paths.pagesDir).find((file) => routeOf(file) === route);
  if (existing) throw taken(route, `it is the page pages/${existing}`);
  const aliasOf = content.redirects.get(route);
  if (aliasOf) throw taken(route, `it leads to ${aliasOf} (an alias in that page's meta)`);

  let text: string;
  if ('template' in request.from) {
    const name = request.from.template;
    const template = templatesOf(paths.pagesDir).find((entry) => entry.name === name);
    if (!template) throw AUTHORING.refusal('EDITOR_NO_SUCH_TEMPLATE', { name });
    // Read as it is, but never through a link (a template linked to the server's own files would become a page).
    text = readWithoutLinks(paths.contentRoot, `pages/_templates/${template.name}.yaml`).toString('utf8');
  } else {
    text = copiedText(paths, request.from.copy);
  }
  return { target, text: named(text, name, request.duration?.trim() || undefined) };
}

/**
 * The page's text with its name (and a course's duration) in place, written like a save (comments and
 * layout kept). A course states them once, in `meta.course`, and shows them wherever its text says
 * {name} or {duration}; another page is named by its heading (the first hero's title) and its title,
 * where the title repeated the old heading ("New Page | CESA" → "Tekla Structures | CESA").
 */
function named(text: string, name: string, duration: string | undefined): string {
  const data = parse(text) as unknown;
  if (!isRecord(data) || !isRecord(data.meta)) return text;
  const { meta } = data;
  const sections: unknown[] = Array.isArray(data.sections) ? data.sections : [];
  if (isRecord(meta.course)) {
    const course: Record<string, Json> = { ...(meta.course as Record<string, Json>), name };
    if (duration !== undefined) course.duration = /^\d+(\.\d+)?$/.test(duration) ? Number(duration) : duration;
    return applyData(text, { ...(data as Record<string, Json>), meta: { ...(meta as Record<string, Json>), course } });
  }
  if (duration !== undefined) {
    throw AUTHORING.refusal('EDITOR_NEW_PAGE_DURATION_NOT_A_COURSE', {});
  }
  const hero = sections[0];
  if (!isRecord(hero) || typeof hero.title !== 'string') return text;
  const oldHeading = hero.title;
  const title = typeof meta.title === 'string' && meta.title.includes(oldHeading) ? meta.title.replace(oldHeading, () => name) : meta.title;
  const next = {
    ...(data as Record<string, Json>),
    meta: { ...(meta as Record<string, Json>), ...(typeof title === 'string' ? { title } : {}) },
    sections: [{ ...(hero as Record<string, Json>), title: name }, ...(sections.slice(1) as Json[])],
  };
  return applyData(text, next);
}

export function writePlannedPage(paths: ContentPaths, { target, text }: PlannedPage): NewPage {
  mkdirSync(path.dirname(target.absolute), { recursive: true });
  // mkdir may have made folders: they are checked again (no link may lead out of pages/).
  resolvePageFile(paths, target.file, { mustExist: false });
  if (!createAtomically(target.absolute, text)) throw taken(target.route, `the file ${target.file} was just created`);
  return { file: target.file, route: target.route };
}
