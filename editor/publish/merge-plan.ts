/**
 * What publishing a draft onto main does to each file the draft changed, worked out without writing
 * anything (the publisher's review shows it; the publish then writes it): pages merged by field
 * (field-merge.ts), the fields changed two ways listed for the publisher to decide, and the rule for
 * photos and other files, which never conflict: the draft's version goes live when both sides changed
 * one, and a file changed on one side and removed on the other is kept.
 */
import { createHash } from 'node:crypto';
import { stringify } from 'yaml';
import type { Json } from '../protocol/api';
import type { ChangedFile, Decision, PublishConflict } from '../protocol/publish';
import type { PublishClone } from './clone';
import { mergePage, type FieldConflict } from './field-merge';
import { refuseDraftLinks } from './links';
import { PUBLISH } from '../errors';
import { blobSizes, readBlobs } from './blobs';
import { Documents, framedByPolicy, framedOrigins } from './visible-content';
import { FILE_KIND_WORDS, fileKindOf, RUNNABLE_KINDS } from '../../scripts/hosting/file-kinds';
import { FIREBASE_JSON_FILE } from '../../scripts/hosting/firebase-json';

export const isPage = (file: string) => /^pages\/.+\.ya?ml$/.test(file);
export const SITE_FILE = 'pages/_site.yaml';
/** Files up to this size are read to tell what they are; a larger one is known by its name (and served by it, with nosniff). */
const SNIFFED_BYTES = 2 * 1024 * 1024;
const isContent = (file: string) => /^(pages|public)\//.test(file);

/** A conflict's name for a decision: its file, field and both values exactly as shown. */
function conflictKey(file: string, conflict: FieldConflict): string {
  return createHash('sha256')
    .update(JSON.stringify([file, conflict.where, conflict.live ?? null, conflict.live === undefined, conflict.draft ?? null, conflict.draft === undefined]))
    .digest('hex')
    .slice(0, 24);
}

/** A value as the publisher reads it: a line of text as it is, anything else as YAML; null when removed. */
function shown(value: Json | undefined): string | null {
  if (value === undefined) return null;
  return typeof value === 'string' && !value.includes('\n') ? value : stringify(value).trimEnd();
}

/** What becomes of one file: the draft's version, live's, removed, or the merged text. */
export type PlannedFile = { file: string } & ({ source: 'draft' | 'remove' | 'live' } | { source: 'text'; text: string });

export interface MergePlan {
  files: PlannedFile[];
  /** The fields still to decide. */
  conflicts: PublishConflict[];
  /** The decisions taken, in words for the commit message. */
  decided: string[];
  /** The files the live site gets anew. */
  changed: string[];
  /** Those files as the publisher reviews them (what a visitor sees of them is added by visible.ts, from the same texts and blobs). */
  review: Omit<ChangedFile, 'shown'>[];
  /** The origins the published site would frame that the live site's policy does not admit, with the files that make it: part of the digest. */
  origins: { origin: string; files: string[] }[];
  /** The pages of this plan, each read once (the review's words are made from the same). */
  documents: Documents;
  /**
   * A hash of what the review shows (each file's change and published bytes, the conflicts, the new origins): the
   * publisher sends back the one they saw, and a publish whose outcome is no longer that is refused.
   * Made with the decisions taken; the review's is made with none.
   */
  digest: string;
}

/**
 * What publishing the draft onto `main` does to each file it changed: nothing is written. The
 * conflicts are those `decisions` do not answer.
 */
export async function planMerge(repo: PublishClone, main: string, draft: string, decisions: readonly Decision[] = []): Promise<MergePlan> {
  await refuseDraftLinks(repo, main, draft);
  const base = (await repo.git(['merge-base', main, draft])).trim();
  const names = async (from: string, to: string) => (await repo.git(['diff', '--name-only', '--no-renames', '-z', from, to])).split('\0').filter(Boolean);
  const drafted = await names(base, draft);
  const outside = drafted.filter((file) => !isContent(file));
  if (outside.length > 0) {
    throw PUBLISH.refusal('PUBLISH_OUTSIDE_CONTENT', { files: outside.slice(0, 5).join(', ') });
  }
  const onLive = new Set(await names(base, main));
  const chosen = new Map(decisions.map((decision) => [decision.key, decision.choice]));
  const conflicts: PublishConflict[] = [];
  const decided: string[] = [];
  const files: PlannedFile[] = [];
  const changed: string[] = [];
  const review: Omit<ChangedFile, 'shown'>[] = [];
  /**
   * Each changed file as the digest takes it: its name, change and published bytes (a text's hash, a
   * blob's id); what a visitor will see of it (visible.ts) is made from those bytes.
   */
  const shownFiles: [string, string, string | null][] = [];
  /** The draft's files (not pages) the live site gets: blob by name. */
  const goingLive = new Map<string, string>();
  for (const file of drafted) {
    const page = isPage(file);
    const [liveBlob, draftBlob] = await Promise.all([repo.objectAt(main, file), repo.objectAt(draft, file)]);
    const liveText = page ? await repo.show(main, file) : undefined;
    let outcome: PlannedFile;
    /** A page with fields to decide: shown with the draft's values, until the publisher chooses. */
    let undecided: string | undefined;
    if (!onLive.has(file)) {
      outcome = { file, source: draftBlob ? 'draft' : 'remove' };
    } else if (page) {
      const [baseText, draftText] = [await repo.show(base, file), await repo.show(draft, file)];
      const merged = mergePage(baseText, liveText, draftText, (conflict) => {
        const choice = chosen.get(conflictKey(file, conflict));
        if (choice) decided.push(`${conflict.where || 'the whole page'} in ${file}: the ${choice === 'live' ? 'live' : "draft's"} value`);
        return choice;
      });
      for (const conflict of merged.conflicts) {
        conflicts.push({ key: conflictKey(file, conflict), file, where: conflict.where, live: shown(conflict.live), draft: shown(conflict.draft) });
      }
      if (merged.conflicts.length > 0) undecided = mergePage(baseText, liveText, draftText, (conflict) => chosen.get(conflictKey(file, conflict)) ?? 'draft').text ?? '';
      outcome = merged.text === undefined ? { file, source: 'remove' } : { file, source: 'text', text: merged.text };
    } else {
      // Photos and other files: the draft's version goes live; one removed on one side and changed on the other is kept.
      outcome = { file, source: draftBlob ? 'draft' : 'live' };
    }
    files.push(outcome);
    const published: { text: string } | { blob: string | null } =
      undecided !== undefined
        ? { text: undecided }
        : outcome.source === 'text'
        ? { text: outcome.text }
        : { blob: outcome.source === 'draft' ? draftBlob : outcome.source === 'live' ? liveBlob : null };
    // What the live site gets: nothing new when it already has exactly this.
    if ('text' in published ? published.text === liveText : published.blob === liveBlob) continue;
    changed.push(file);
    if (!page && outcome.source === 'draft' && draftBlob) goingLive.set(file, draftBlob);
    const gone = 'blob' in published && published.blob === null;
    const change = liveBlob === null ? 'added' : gone ? 'removed' : 'changed';
    shownFiles.push([file, change, 'text' in published ? createHash('sha256').update(published.text).digest('hex') : published.blob]);
    review.push({
      file,
      change,
      page,
      live: liveText ?? null,
      published: !page || gone ? null : 'text' in published ? published.text : ((await repo.show(draft, file)) ?? null),
    });
  }
  await refuseRunnableFiles(repo, goingLive);
  const documents = new Documents();
  const origins = await newOrigins(repo, main, review, documents);
  const digest = createHash('sha256')
    .update(JSON.stringify([shownFiles, conflicts.map((conflict) => conflict.key), origins]))
    .digest('hex');
  return { files, conflicts, decided, changed, review, digest, origins, documents };
}

/**
 * The origins the published pages frame (their maps; the site document's sign-in page) that the live
 * site's policy does not admit: the publish would add them to it.
 */
async function newOrigins(repo: PublishClone, main: string, review: readonly Omit<ChangedFile, 'shown'>[], documents: Documents): Promise<{ origin: string; files: string[] }[]> {
  const framing = new Map<string, string[]>();
  for (const file of review) {
    if (!file.page || file.published === null) continue;
    for (const origin of framedOrigins(documents.read(file.published), file.file === SITE_FILE)) framing.set(origin, [...(framing.get(origin) ?? []), file.file]);
  }
  if (framing.size === 0) return [];
  const admitted = framedByPolicy(await repo.show(main, FIREBASE_JSON_FILE));
  return [...framing].filter(([origin]) => !admitted.has(origin)).map(([origin, files]) => ({ origin, files }));
}

/**
 * Refuses a draft whose public/ files going live hold a web page or a script (by their content or
 * their name): on the site's own origin they would run as the site, with what its visitors and
 * editors are signed in to. Every file is read by one git process; a very large one is known by its name.
 */
async function refuseRunnableFiles(repo: PublishClone, ids: ReadonlyMap<string, string>): Promise<void> {
  if (ids.size === 0) return;
  const files = [...ids.keys()];
  const sizes = await blobSizes(repo, [...new Set(ids.values())]);
  const bytes = await readBlobs(repo, [...sizes].filter(([, size]) => size <= SNIFFED_BYTES).map(([id]) => id));
  const runnable = files.flatMap((file) => {
    const kind = fileKindOf(file, bytes.get(ids.get(file) ?? '')?.subarray(0, 1024) ?? new Uint8Array());
    return RUNNABLE_KINDS.has(kind) ? [`${file} (${FILE_KIND_WORDS[kind]})`] : [];
  });
  if (runnable.length > 0) throw PUBLISH.refusal('PUBLISH_RUNNABLE_FILE', { files: runnable.slice(0, 5).join(', ') });
}
