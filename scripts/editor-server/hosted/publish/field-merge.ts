/**
 * A three-way merge of a YAML page by field, not by line: what the draft changed since it left main
 * (base → draft) is brought into what is live now (base → live). Two people who changed different
 * fields never conflict, even on adjacent lines (git's line merge would); the same field changed to
 * two different values is a conflict, which a person decides (the publisher, side by side).
 *
 * The merged data is written into the live file's text with the editor's own writer (yaml-edit.ts,
 * on the `yaml` package's Document API), which changes only the values that differ: the live file's
 * comments, quoting and layout stay. A page whose merge is the draft's (or live's) data exactly is
 * that side's text byte for byte.
 *
 * Lists: entries are merged by position when both sides kept the list's length (two people changing
 * two FAQ entries), and entries added at the end by one side come after the other side's changes.
 * Any other change on both sides (entries removed or moved on one side, others added on both) is one
 * conflict on the whole list.
 */
import { parseDocument } from 'yaml';
import type { Json } from '../../../../src/editor/protocol';
import { isRecord } from '../../../../src/lib/is-record';
import { applyData } from '../../yaml-edit';

/** Where a field is in a page: `['sections', 0, 'title']`. */
export type FieldPath = (string | number)[];

/** Which side's value a person chose for a conflicting field. */
export type Side = 'live' | 'draft';

/** The same field changed to two different values. `undefined` is a field (or a page) removed. */
export interface FieldConflict {
  path: FieldPath;
  /** The path in words: `sections[0].title`; the whole page is ''. */
  where: string;
  base: Json | undefined;
  live: Json | undefined;
  draft: Json | undefined;
}

/** Asked for each conflict: the side a person chose for it, or undefined while nobody has. */
export type Decide = (conflict: FieldConflict) => Side | undefined;

export function whereOf(path: FieldPath): string {
  return path.map((part, index) => (typeof part === 'number' ? `[${part}]` : `${index === 0 ? '' : '.'}${part}`)).join('');
}

function same(a: Json | undefined, b: Json | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  return JSON.stringify(a) === JSON.stringify(b);
}

interface Walk {
  decide: Decide;
  conflicts: FieldConflict[];
}

function conflict(path: FieldPath, base: Json | undefined, live: Json | undefined, draft: Json | undefined, walk: Walk): Json | undefined {
  const found: FieldConflict = { path, where: whereOf(path), base, live, draft };
  const side = walk.decide(found);
  if (side === 'live') return live;
  if (side === 'draft') return draft;
  walk.conflicts.push(found);
  return live;
}

function mergeValue(base: Json | undefined, live: Json | undefined, draft: Json | undefined, path: FieldPath, walk: Walk): Json | undefined {
  if (same(live, draft) || same(base, draft)) return live;
  if (same(base, live)) return draft;
  if (isRecord(live) && isRecord(draft) && (base === undefined || isRecord(base))) return mergeMaps(base ?? {}, live, draft, path, walk);
  if (Array.isArray(live) && Array.isArray(draft) && (base === undefined || Array.isArray(base))) {
    const merged = mergeLists(base ?? [], live, draft, path, walk);
    if (merged) return merged;
  }
  return conflict(path, base, live, draft, walk);
}

function mergeMaps(base: { [key: string]: Json }, live: { [key: string]: Json }, draft: { [key: string]: Json }, path: FieldPath, walk: Walk): Json {
  // Live's order, then what the draft added in its order.
  const keys = [...new Set([...Object.keys(live), ...Object.keys(draft), ...Object.keys(base)])];
  const out: { [key: string]: Json } = {};
  for (const key of keys) {
    const value = mergeValue(base[key], live[key], draft[key], [...path, key], walk);
    if (value !== undefined) out[key] = value;
  }
  return out;
}

/** By position where both sides kept the base's entries; null when the list must be decided whole. */
function mergeLists(base: Json[], live: Json[], draft: Json[], path: FieldPath, walk: Walk): Json[] | null {
  if (live.length < base.length || draft.length < base.length) return null;
  const liveAdded = live.slice(base.length);
  const draftAdded = draft.slice(base.length);
  if (liveAdded.length > 0 && draftAdded.length > 0 && !same(liveAdded, draftAdded)) return null;
  const kept = base.map((entry, index) => mergeValue(entry, live[index], draft[index], [...path, index], walk));
  if (kept.some((entry) => entry === undefined)) return null;
  return [...(kept as Json[]), ...(liveAdded.length > 0 ? liveAdded : draftAdded)];
}

/** The merged data of three versions of a page (undefined: the page is not there), and the fields in conflict. */
export function mergeData(base: Json | undefined, live: Json | undefined, draft: Json | undefined, decide: Decide = () => undefined): { data: Json | undefined; conflicts: FieldConflict[] } {
  const walk: Walk = { decide, conflicts: [] };
  // A page removed on one side and changed on the other: the whole page is the conflict.
  const data = live === undefined || draft === undefined ? mergeWholly(base, live, draft, walk) : mergeValue(base, live, draft, [], walk);
  return { data, conflicts: walk.conflicts };
}

function mergeWholly(base: Json | undefined, live: Json | undefined, draft: Json | undefined, walk: Walk): Json | undefined {
  if (same(live, draft) || same(base, draft)) return live;
  if (same(base, live)) return draft;
  return conflict([], base, live, draft, walk);
}

/** A YAML page's text as data; a text that is not valid YAML is its own value (then only a whole-page decision merges it). */
function dataOf(text: string | undefined): Json | undefined {
  if (text === undefined) return undefined;
  const doc = parseDocument(text);
  if (doc.errors.length > 0) return text;
  return (doc.toJS() ?? null) as Json;
}

export interface PageMerge {
  /** The merged page (undefined: removed), once every conflict is decided. */
  text: string | undefined;
  /** The fields still to decide: while there are any, `text` is live's. */
  conflicts: FieldConflict[];
}

/**
 * The three versions of a page's text merged by field: the base (where the draft left main), live
 * (main now) and the draft. `decide` answers the conflicts a person already decided.
 */
export function mergePage(base: string | undefined, live: string | undefined, draft: string | undefined, decide?: Decide): PageMerge {
  if (live === draft || base === draft) return { text: live, conflicts: [] };
  if (base === live) return { text: draft, conflicts: [] };
  const liveData = dataOf(live);
  const draftData = dataOf(draft);
  const { data, conflicts } = mergeData(dataOf(base), liveData, draftData, decide);
  if (conflicts.length > 0) return { text: live, conflicts };
  if (data === undefined) return { text: undefined, conflicts };
  if (same(data, draftData)) return { text: draft, conflicts };
  if (same(data, liveData)) return { text: live, conflicts };
  // Written into live's text, which keeps its comments and layout (a live page that is not YAML has none to keep).
  return { text: applyData(live === undefined || typeof liveData === 'string' ? '' : live, data), conflicts };
}
