/**
 * Paths into the page's data (`['sections', 2, 'title']`) and immutable edits along them: every
 * edit makes new objects and arrays on the way to the changed value and keeps the rest as they
 * were, so unchanged fields keep their identity (and their memoised components skip rendering).
 */
import { formatPath, type PathSegment } from '../../../src/content/errors';
import { isRecord } from '../../../src/lib/is-record';
import type { Json } from '../../protocol/api';

export type Path = readonly PathSegment[];

export const ROOT_PATH: Path = Object.freeze([]);

// One array per path: a child's path is the same object on every render, so memo() can compare it.
const children = new WeakMap<Path, Map<PathSegment, Path>>();

/** The path of `parent`'s child `key`, the same array each time it is asked for. */
export function childPath(parent: Path, key: PathSegment): Path {
  let known = children.get(parent);
  if (!known) {
    known = new Map();
    children.set(parent, known);
  }
  let path = known.get(key);
  if (!path) {
    path = Object.freeze([...parent, key]);
    known.set(key, path);
  }
  return path;
}

/** The interned path of these segments (see {@link childPath}). */
export function internPath(segments: readonly PathSegment[]): Path {
  return segments.reduce<Path>((path, segment) => childPath(path, segment), ROOT_PATH);
}

export { formatPath };

/** `sections[2].cards[0].title` → `['sections', 2, 'cards', 0, 'title']`; `(document)` → `[]`. */
export function parsePath(text: string): PathSegment[] {
  if (text === '(document)' || text === '') return [];
  const segments: PathSegment[] = [];
  for (const match of text.matchAll(/([^.[\]]+)|\[(\d+)\]/g)) {
    if (match[2] !== undefined) segments.push(Number(match[2]));
    else if (match[1] !== undefined) segments.push(match[1]);
  }
  return segments;
}

/** A key of an object (deleted when emptied), not an item of a list (which stays, as an item). */
export function isKey(path: Path): boolean {
  return typeof path[path.length - 1] === 'string';
}

/** The value at `path`, or undefined where there is none. */
export function getIn(value: Json | undefined, path: Path): Json | undefined {
  let current = value;
  for (const segment of path) {
    if (typeof segment === 'number') current = Array.isArray(current) ? current[segment] : undefined;
    else current = isRecord(current) && Object.hasOwn(current, segment) ? current[segment] : undefined;
    if (current === undefined) return undefined;
  }
  return current;
}

/** A copy of `value` with `next` at `path`; missing objects and arrays on the way are made. */
export function setIn(value: Json | undefined, path: Path, next: Json): Json {
  if (path.length === 0) return next;
  const [segment, ...rest] = path as [PathSegment, ...PathSegment[]];
  if (typeof segment === 'number') {
    const list = Array.isArray(value) ? [...value] : [];
    list[segment] = setIn(list[segment], rest, next);
    // A gap (an index past the end) is filled with nulls, never left as a hole.
    for (let index = 0; index < list.length; index++) if (list[index] === undefined) list[index] = null;
    return list;
  }
  const record = isRecord(value) ? value : {};
  const child = Object.hasOwn(record, segment) ? record[segment] : undefined;
  return { ...record, [segment]: setIn(child, rest, next) };
}

/**
 * A copy of `value` without what is at `path`: a key is deleted (the others keep their order), an
 * array's item is taken out. A path that names nothing leaves `value` as it is (the same object).
 */
export function deleteIn(value: Json, path: Path): Json {
  if (path.length === 0) return value;
  const [segment, ...rest] = path as [PathSegment, ...PathSegment[]];
  if (typeof segment === 'number') {
    if (!Array.isArray(value) || segment >= value.length) return value;
    if (rest.length === 0) return value.filter((_, index) => index !== segment);
    const child = deleteIn(value[segment]!, rest);
    return child === value[segment] ? value : value.map((item, index) => (index === segment ? child : item));
  }
  if (!isRecord(value) || !Object.hasOwn(value, segment)) return value;
  if (rest.length === 0) {
    const { [segment]: _removed, ...others } = value;
    return others;
  }
  const child = deleteIn(value[segment]!, rest);
  return child === value[segment] ? value : { ...value, [segment]: child };
}

/** A copy of `list` with the item at `from` moved to `to` (both indexes of the list as it is). */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}
