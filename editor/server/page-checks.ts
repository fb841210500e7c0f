/**
 * What the editor sends, made into the text a save would write and checked on its own (the YAML, the
 * schema with the course's facts shown): the part of a check whose cost an editor decides, since it
 * reads only what they sent. Pure (no files, no content of other pages), so that the hosted editor
 * runs it on a thread of its own with a memory and a time limit (./check-threads.ts), and `npm run dev`
 * here, on its own thread. What follows (the checks across files) is bounded by what passed this.
 */
import { Document, parseDocument } from 'yaml';
import type { ContentError } from '../../src/content/errors';
import type { Json } from '../../src/lib/json';
import { PageSchema, type Page } from '../../src/content/page-schema';
import { SiteSchema, type Site } from '../../src/content/site-schema';
import { decodeSource } from '../../src/content/source';
import { validateYaml, type Validated } from '../../src/content/validate';
import { applyData } from '../../scripts/authoring/yaml-edit';

/** A page or the site document as sent: the file on disk it edits (null: written afresh), and the data. */
export interface SentPage {
  /** Which schema the text is checked with. */
  kind: 'page' | 'site';
  /** The file's name in the content (pages/etabs.yaml), for the errors. */
  file: string;
  /** The file's text on disk, or null when it is not there (or the editor writes over it). */
  disk: string | null;
  data: Json;
}

/** The file's own checks: its validated value, or its errors (located in `text`). */
export type OwnCheck<T> = { ok: true; value: T } | { ok: false; errors: ContentError[] };

export type Prepared = { text: string } & ({ kind: 'page'; own: OwnCheck<Page> } | { kind: 'site'; own: OwnCheck<Site> });

/** Makes a sent page into its text and its own checks: here, or on a thread of its own (hosted). */
export type Prepare = (sent: SentPage) => Promise<Prepared>;

/**
 * The text a save writes: the file with only what changed rewritten, or, when the file on disk is
 * not YAML any more or not there at all (the editor chose to write over it), the data printed afresh.
 */
export function textToWrite(disk: string | null, data: Json): string {
  if (disk !== null && parseDocument(disk).errors.length === 0) return applyData(disk, data);
  return new Document(data).toString({ lineWidth: 0 });
}

/** What `npm run check` says of the file's own text (the same errors: too large, not UTF-8, YAML, schema). */
export function ownCheckOf<T>(file: string, text: string, validate: (text: string) => Validated<T>): OwnCheck<T> {
  const decoded = decodeSource(file, Buffer.from(text, 'utf8'));
  if (!decoded.ok) return { ok: false, errors: [decoded.error] };
  const own = validate(text);
  // Without its locator: a function stays on the thread that made it.
  return own.ok ? { ok: true, value: own.value } : { ok: false, errors: own.errors };
}

/** A sent page's text and its own checks, on this thread. */
export function prepareHere(sent: SentPage): Prepared {
  const text = textToWrite(sent.disk, sent.data);
  if (sent.kind === 'site') return { kind: 'site', text, own: ownCheckOf(sent.file, text, (source) => validateYaml(SiteSchema, sent.file, source)) };
  return { kind: 'page', text, own: ownCheckOf(sent.file, text, (source) => validateYaml(PageSchema, sent.file, source)) };
}

/** prepareHere, as a Prepare: `npm run dev`, where the one editor is the developer at this computer. */
export const prepareOnThisThread: Prepare = (sent) => Promise.resolve(prepareHere(sent));
