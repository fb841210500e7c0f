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
 * Lists: entries are paired by who they are, never by where they are. A section is named by its
 * `type` when the page has one section of that type (what an editor changes least); other entries,
 * and sections of a type the page repeats, by the first naming field they all have with values unique
 * in each version (`id`, an FAQ item's `question`, a module's or section's `title`, `name`, a fee's
 * `label`, a photo's `src`, `href`), beside their type; failing that, by their whole content (a
 * keyword is itself). A name edited reads as the entry removed and another added.
 *
 * Paired entries are merged by field, as maps are, wherever either side moved them. An entry one side
 * added is kept, after the entry it follows on that side (after live's own additions there, for the
 * draft's); one removed on one side and untouched on the other is removed; one removed on one side and
 * changed on the other is a conflict on that entry (removed or kept), named where live has it, else
 * where the draft has it. The entries' order is the one side's that changed it.
 *
 * The whole list is one conflict, shown side by side, whenever pairing would be a guess: entries that
 * cannot be told apart (the same content twice), an entry changed on a side that, on the other side,
 * is gone while new entries came (a replacement, or a removal beside an addition: nobody can tell),
 * and the order changed differently on both sides.
 */
import { parseDocument } from 'yaml';
import type { Json } from '../protocol/api';
import { isRecord } from '../../src/lib/is-record';
import { applyData } from '../../scripts/authoring/yaml-edit';

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

/** Fields that name an entry of a list, the most telling first. */
const NAMING_FIELDS = ['id', 'question', 'title', 'name', 'label', 'src', 'href'] as const;

const SIDES: readonly Side[] = ['live', 'draft'];

interface Versions<T> {
  base: T;
  live: T;
  draft: T;
}

/** One entry of a list, as each version has it (undefined: not there) and where. */
interface Entry {
  id: string;
  base?: Json;
  live?: Json;
  draft?: Json;
  at: { base?: number; live?: number; draft?: number };
}

/** The list's entries paired by identity and merged; null when the list must be decided whole. */
function mergeLists(base: Json[], live: Json[], draft: Json[], path: FieldPath, walk: Walk): Json[] | null {
  const lists = { base, live, draft };
  const ids = identities(lists);
  if (!ids) return null;
  const entries = entriesOf(lists, ids);
  if (removalUnclear(entries)) return null;
  const order = keptOrder(ids, entries);
  if (!order) return null;
  const merged = new Map<string, Json>();
  for (const entry of entries) {
    // Named where it is live (the file the publisher compares with), else where the draft has it: from
    // the three versions only, so that a conflict's name does not change as others are decided.
    const value = mergeValue(entry.base, entry.live, entry.draft, [...path, entry.at.live ?? entry.at.draft ?? entry.at.base ?? 0], walk);
    if (value !== undefined) merged.set(entry.id, value);
  }
  return arranged(order, ids, merged).flatMap((id) => {
    const value = merged.get(id);
    return value === undefined ? [] : [value];
  });
}

/**
 * Each entry's identity in each version, by the first way of naming entries that tells every entry
 * of each version apart; null when not even their content does (the same entry twice).
 */
function identities(lists: Versions<Json[]>): Versions<string[]> | null {
  for (const identify of waysToName(lists)) {
    const ids = { base: lists.base.map(identify), live: lists.live.map(identify), draft: lists.draft.map(identify) };
    if (Object.values(ids).every((list) => new Set(list).size === list.length)) return ids;
  }
  return null;
}

/**
 * By a section's type where the page has one of that type (what an editor changes least), else by
 * a naming field beside the type; then by content. Only the ways that every entry allows.
 */
function waysToName(lists: Versions<Json[]>): ((entry: Json) => string)[] {
  const byContent = (entry: Json) => JSON.stringify(entry);
  const all = [...lists.base, ...lists.live, ...lists.draft];
  if (!all.every((entry) => isRecord(entry))) return [byContent];
  const repeated = new Set([lists.base, lists.live, lists.draft].flatMap(repeatedTypes));
  const needsName = (entry: Json) => {
    const type = fieldOf(entry, 'type');
    return typeof type !== 'string' || repeated.has(type);
  };
  const named = NAMING_FIELDS.filter((field) => all.filter(needsName).every((entry) => isNamingValue(fieldOf(entry, field))));
  return [...named.map((field) => (entry: Json) => JSON.stringify([fieldOf(entry, 'type'), needsName(entry) ? fieldOf(entry, field) : null])), byContent];
}

/** The section types a list has more than once. */
function repeatedTypes(list: Json[]): string[] {
  const types = list.map((entry) => fieldOf(entry, 'type')).filter((type): type is string => typeof type === 'string');
  return types.filter((type, index) => types.indexOf(type) !== index);
}

function fieldOf(entry: Json, field: string): Json {
  return isRecord(entry) ? (entry[field] ?? null) : null;
}

function isNamingValue(value: Json): boolean {
  return typeof value === 'string' || typeof value === 'number';
}

function entriesOf(lists: Versions<Json[]>, ids: Versions<string[]>): Entry[] {
  const entries = new Map<string, Entry>();
  for (const version of ['base', 'live', 'draft'] as const) {
    ids[version].forEach((id, index) => {
      const entry = entries.get(id) ?? { id, at: {} };
      entry[version] = lists[version][index];
      entry.at[version] = index;
      entries.set(id, entry);
    });
  }
  return [...entries.values()];
}

/**
 * An entry of the base that a side dropped while it added others may have been replaced by one of
 * them; unless the other side kept it as it was, nobody can tell what became of it.
 */
function removalUnclear(entries: Entry[]): boolean {
  const adding = SIDES.filter((side) => entries.some((entry) => entry.base === undefined && entry[side] !== undefined));
  return entries.some((entry) => entry.base !== undefined && adding.some((side) => entry[side] === undefined && !same(entry[otherSide(side)], entry.base)));
}

function otherSide(side: Side): Side {
  return side === 'live' ? 'draft' : 'live';
}

/** The order of the entries both sides kept: the base's, else the one side's that changed it; null when both changed it differently. */
function keptOrder(ids: Versions<string[]>, entries: Entry[]): string[] | null {
  const kept = new Set(entries.filter((entry) => entry.base !== undefined && entry.live !== undefined && entry.draft !== undefined).map((entry) => entry.id));
  const keptIn = (list: string[]) => list.filter((id) => kept.has(id));
  const [base, live, draft] = [keptIn(ids.base), keptIn(ids.live), keptIn(ids.draft)];
  if (sameOrder(live, base)) return draft;
  if (sameOrder(draft, base) || sameOrder(live, draft)) return live;
  return null;
}

function sameOrder(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((id, index) => id === b[index]);
}

/** The kept entries in their order, with the entries only one side has placed among them: live's, then the draft's. */
function arranged(order: string[], ids: Versions<string[]>, merged: Map<string, Json>): string[] {
  const result = [...order];
  const liveOwn = placeOwnEntries(result, ids.live, merged, new Set());
  placeOwnEntries(result, ids.draft, merged, liveOwn);
  return result;
}

/**
 * Puts the merged entries that `side` alone has (added there, or kept against the other side's
 * removal) right after the entry they follow on that side, past the entries `passOver` (live's own,
 * so that what the draft added at a place comes after what live added there). Returns those placed.
 */
function placeOwnEntries(result: string[], side: string[], merged: Map<string, Json>, passOver: Set<string>): Set<string> {
  const placed = new Set<string>();
  let previous: string | undefined;
  for (const id of side) {
    if (!merged.has(id)) continue;
    if (!result.includes(id)) {
      let at = previous === undefined ? 0 : result.indexOf(previous) + 1;
      while (at < result.length && passOver.has(result[at]!)) at++;
      result.splice(at, 0, id);
      placed.add(id);
    }
    previous = id;
  }
  return placed;
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
