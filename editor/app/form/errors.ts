/**
 * The validator's errors, each at the field the form renders for its path: an error whose path
 * names no rendered control (an unknown key's insides, a field inside a group not added yet, a value
 * of the wrong type) is shown at the nearest one that is rendered. Fields subscribe to their own
 * path, so new errors re-render only the fields whose errors changed.
 */
import type { ContentError, PathSegment } from '../../../src/content/errors';
import { isRecord } from '../../../src/lib/is-record';
import type { FormSchema, Json } from '../../protocol/api';
import { formatPath, parsePath } from './paths';
import { branchFor, itemsOf, matchesType, propertiesOf, requiredOf, typeOf } from './schema';

export const NO_ERRORS: readonly ContentError[] = Object.freeze([]);

/**
 * The part of `segments` that the form renders a control for, given the schema and the data: the
 * walk follows what {@link Field} renders (a union's branch for its value; the fields of an object
 * that is there or required; the items that exist; an unknown key's row, but nothing inside it).
 */
export function renderedPath(schema: FormSchema, value: Json | undefined, segments: readonly PathSegment[]): PathSegment[] {
  const rendered: PathSegment[] = [];
  let node: FormSchema | undefined = schema;
  let current = value;
  let required = true;
  for (const segment of segments) {
    // As the fields do, a null (a key with nothing after it) is an empty field.
    const present = current === null ? undefined : current;
    node = branchFor(node, present);
    if (!node || (present !== undefined && !matchesType(node, present))) break;
    if (typeof segment === 'number') {
      const items = itemsOf(node);
      if (typeOf(node) !== 'array' || !items || !Array.isArray(current) || segment >= current.length) break;
      node = items;
      current = current[segment];
      required = true;
    } else {
      // An optional group that is not there is shown as its "Add" button: nothing inside it is rendered.
      if (typeOf(node) !== 'object' || (current === undefined && !required)) break;
      const properties = propertiesOf(node);
      const known = properties[segment];
      if (!known) {
        if (isRecord(current) && Object.hasOwn(current, segment)) rendered.push(segment);
        break;
      }
      required = requiredOf(node).includes(segment);
      node = known;
      current = isRecord(current) && Object.hasOwn(current, segment) ? current[segment] : undefined;
    }
    rendered.push(segment);
  }
  return rendered;
}

/** A one-line fingerprint of a list of errors: equal lists keep the same array (and fields do not re-render). */
function fingerprint(errors: readonly ContentError[]): string {
  return JSON.stringify(errors.map((error) => [error.code, error.path, error.message, error.hint ?? '']));
}

export class ErrorStore {
  private byPath = new Map<string, readonly ContentError[]>();
  private prints = new Map<string, string>();
  private listeners = new Set<() => void>();
  private schema: FormSchema = {};
  private value: Json | undefined;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** The errors shown at the field of this path (formatted, e.g. `sections[2].title`). */
  errorsAt(path: string): readonly ContentError[] {
    return this.byPath.get(path) ?? NO_ERRORS;
  }

  /** How many errors are shown at `path` or inside it (a section panel's count). */
  countWithin(path: string): number {
    let count = 0;
    for (const [at, errors] of this.byPath) {
      if (at === path || at.startsWith(`${path}.`) || at.startsWith(`${path}[`)) count += errors.length;
    }
    return count;
  }

  /** The rendered path an error at `path` is shown at. */
  shownAt(path: string): string {
    return formatPath(renderedPath(this.schema, this.value, parsePath(path)));
  }

  /** Every error's path as it was reported, with where it is shown. */
  reportedPaths(): { path: string; shownAt: string }[] {
    return [...this.byPath].flatMap(([shownAt, errors]) => errors.map((error) => ({ path: error.path, shownAt })));
  }

  update(errors: readonly ContentError[], schema: FormSchema, value: Json | undefined): void {
    this.schema = schema;
    this.value = value;
    const grouped = new Map<string, ContentError[]>();
    for (const error of errors) {
      const at = this.shownAt(error.path);
      grouped.set(at, [...(grouped.get(at) ?? []), error]);
    }
    let changed = grouped.size !== this.byPath.size;
    const byPath = new Map<string, readonly ContentError[]>();
    const prints = new Map<string, string>();
    for (const [at, list] of grouped) {
      const print = fingerprint(list);
      const same = this.prints.get(at) === print;
      byPath.set(at, same ? this.byPath.get(at)! : list);
      prints.set(at, print);
      if (!same) changed = true;
    }
    this.byPath = byPath;
    this.prints = prints;
    if (changed) for (const listener of [...this.listeners]) listener();
  }
}
