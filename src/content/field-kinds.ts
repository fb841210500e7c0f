/**
 * Finds the fields of a kind (a link, a route, a public file, an image, a duration…: see FieldKind in
 * fields.ts) in a validated document, by walking its schema beside its value. What a field is comes
 * from the kind declared on its schema, never from its key name or its section type: a new section
 * type whose card list holds a DurationSchema field is in the brochure without a change here.
 */
import * as z from 'zod';
import { isRecord } from '../lib/is-record';
import type { PathSegment } from './errors';
import { kindOf, slotOf, type Duration, type FieldKind, type Image } from './fields';
import type { ImageSlot } from './images';

type AnySchema = z.core.$ZodType;

/** The validated value of a field of each kind. */
export interface KindValues {
  link: string;
  route: string;
  'public-file': string;
  image: Image;
  duration: Duration;
  'output-file': string;
  fact: { label: string; value: string };
  date: string;
  month: string;
  branch: string;
  rupees: number;
  period: { from: string; to: string };
}

/** A field of a kind, where it is in the document, its validated value and, for an image, the slot its schema declares. */
export type FoundField = { [K in FieldKind]: { kind: K; path: PathSegment[]; value: KindValues[K]; slot?: ImageSlot } }[FieldKind];

/**
 * Every field of the given kinds (default: all) in `value`, a document validated by `schema`, in
 * document order. A field of a kind is reported whole: its value is not searched further (an image's
 * `src` is part of the image). Handles objects, arrays, tuples, records, optional/nullable/default,
 * lazy (the recursive site menu), pipes and transforms, unions and discriminated unions.
 */
export function findFields<const K extends FieldKind = FieldKind>(schema: AnySchema, value: unknown, kinds?: readonly K[]): Extract<FoundField, { kind: K }>[] {
  const found: FoundField[] = [];
  walk(schema, value, [], found, wantedOf(kinds));
  return found as Extract<FoundField, { kind: K }>[];
}

interface Def {
  type: string;
  shape?: Record<string, AnySchema>;
  catchall?: AnySchema;
  element?: AnySchema;
  items?: AnySchema[];
  rest?: AnySchema | null;
  valueType?: AnySchema;
  innerType?: AnySchema;
  in?: AnySchema;
  out?: AnySchema;
  left?: AnySchema;
  right?: AnySchema;
  options?: AnySchema[];
  discriminator?: string;
  values?: unknown[];
  entries?: Record<string, unknown>;
  getter?: () => AnySchema;
}

const def = (schema: AnySchema): Def => schema._zod.def;

/** The kinds a search wants (none: every kind), and the schemas known to hold (true) or not to hold (false) one of them anywhere inside. */
interface Wanted {
  kinds: ReadonlySet<FieldKind> | undefined;
  holding: WeakMap<AnySchema, boolean>;
}

/** One Wanted per set of kinds asked for: what is known of the schemas is kept across searches. */
const wantedByKinds = new Map<string, Wanted>();

function wantedOf(kinds: readonly FieldKind[] | undefined): Wanted {
  const key = kinds ? [...new Set(kinds)].sort().join(' ') : '*';
  let wanted = wantedByKinds.get(key);
  if (!wanted) wantedByKinds.set(key, (wanted = { kinds: kinds ? new Set(kinds) : undefined, holding: new WeakMap() }));
  return wanted;
}

/**
 * Whether a field of a kind can be anywhere inside `schema`. Most of a page is text: knowing which
 * subtrees hold no kinds lets the walk skip them (a 5,000-page site's check spent a second walking text).
 */
function holdsKinds(schema: AnySchema, wanted: Wanted): boolean {
  // Known after the first page for every schema: asked at each node of each page, so nothing is made to answer it.
  return wanted.holding.get(schema) ?? findHolding(schema, wanted, new Set<AnySchema>());
}

function findHolding(schema: AnySchema, wanted: Wanted, visiting: Set<AnySchema>): boolean {
  const known = wanted.holding.get(schema);
  if (known !== undefined) return known;
  // A field of a kind is reported whole or not at all: what is inside it is never searched.
  const kind = kindOf(schema);
  if (kind) return remember(wanted, schema, !wanted.kinds || wanted.kinds.has(kind));
  // A schema that contains itself (the menu): assume it may hold kinds while it is being looked at.
  if (visiting.has(schema)) return true;
  visiting.add(schema);
  const d = def(schema);
  const children: (AnySchema | undefined | null)[] = [
    ...Object.values(d.shape ?? {}),
    d.catchall,
    d.element,
    ...(d.items ?? []),
    d.rest,
    d.valueType,
    d.innerType,
    d.in,
    d.out,
    d.left,
    d.right,
    ...(d.options ?? []),
    d.type === 'lazy' ? d.getter!() : undefined,
  ];
  const holds = children.some((child) => child !== undefined && child !== null && findHolding(child, wanted, visiting));
  visiting.delete(schema);
  return remember(wanted, schema, holds);
}

function remember(wanted: Wanted, schema: AnySchema, holds: boolean): boolean {
  wanted.holding.set(schema, holds);
  return holds;
}

function walk(schema: AnySchema, value: unknown, path: PathSegment[], found: FoundField[], wanted: Wanted): void {
  if (value === undefined) return;
  const kind = kindOf(schema);
  if (kind) {
    const slot = slotOf(schema);
    // The path is shared by the whole walk (a segment pushed on the way down, popped on the way back): each field found gets a copy.
    if (!wanted.kinds || wanted.kinds.has(kind)) found.push((slot ? { kind, path: [...path], value, slot } : { kind, path: [...path], value }) as FoundField);
    return;
  }
  if (!holdsKinds(schema, wanted)) return;
  const d = def(schema);
  switch (d.type) {
    case 'optional':
    case 'nonoptional':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nullable':
      if (value !== null) walk(d.innerType!, value, path, found, wanted);
      return;
    case 'lazy':
      walk(d.getter!(), value, path, found, wanted);
      return;
    case 'pipe':
      // The value is what the pipe put out. After a schema (preprocess, codecs), that schema says
      // what it is; after a transform, nothing does: the input's schema is the best guess (the
      // transforms here keep or flatten their input). A transform that rebuilds an object holding
      // kinds of fields needs a kind of its own.
      walk(def(d.out!).type === 'transform' ? d.in! : d.out!, value, path, found, wanted);
      return;
    case 'object': {
      if (!isRecord(value)) return;
      const shape = d.shape ?? {};
      for (const key of keysOf(shape)) if (Object.hasOwn(value, key)) walkAt(shape[key]!, value[key], key, path, found, wanted);
      if (d.catchall && def(d.catchall).type !== 'never') {
        for (const key of Object.keys(value)) if (!Object.hasOwn(shape, key)) walkAt(d.catchall, value[key], key, path, found, wanted);
      }
      return;
    }
    case 'array':
      if (Array.isArray(value)) for (let index = 0; index < value.length; index++) walkAt(d.element!, value[index], index, path, found, wanted);
      return;
    case 'tuple':
      if (Array.isArray(value)) {
        value.forEach((item, index) => {
          const itemSchema = d.items![index] ?? d.rest;
          if (itemSchema) walkAt(itemSchema, item, index, path, found, wanted);
        });
      }
      return;
    case 'record':
      if (isRecord(value)) for (const key of Object.keys(value)) walkAt(d.valueType!, value[key], key, path, found, wanted);
      return;
    case 'intersection': {
      // Both sides describe the same value: a field both declare is reported once.
      const seen = new Set(found.map((field) => JSON.stringify(field.path)));
      const before = found.length;
      walk(d.left!, value, path, found, wanted);
      for (const field of found.slice(before)) seen.add(JSON.stringify(field.path));
      const right: FoundField[] = [];
      walk(d.right!, value, path, right, wanted);
      found.push(...right.filter((field) => !seen.has(JSON.stringify(field.path))));
      return;
    }
    case 'union': {
      const member = memberFor(d, value);
      if (member) walk(member, value, path, found, wanted);
      return;
    }
    default:
      return;
  }
}

const shapeKeys = new WeakMap<object, string[]>();

/** The keys of an object schema's shape, listed once per shape (the walk visits each object of every page). */
function keysOf(shape: Record<string, AnySchema>): string[] {
  let keys = shapeKeys.get(shape);
  if (!keys) shapeKeys.set(shape, (keys = Object.keys(shape)));
  return keys;
}

/** The walk one step down, into `segment`: the path is shared by the whole walk (pushed on the way down, popped on the way back). */
function walkAt(child: AnySchema, childValue: unknown, segment: PathSegment, path: PathSegment[], found: FoundField[], wanted: Wanted): void {
  path.push(segment);
  walk(child, childValue, path, found, wanted);
  path.pop();
}

/**
 * The member of a union that put out `value`. A discriminated union says it by the discriminator.
 * Otherwise the first member whose output `value` fits (see {@link fits}); failing that, the first
 * that may fit (one ending in a transform, whose output no schema describes).
 */
function memberFor(d: Def, value: unknown): AnySchema | undefined {
  const options = d.options ?? [];
  if (d.discriminator !== undefined && isRecord(value)) {
    const tag = value[d.discriminator];
    const tagged = options.find((option) => propValues(option)?.[d.discriminator!]?.has(tag));
    if (tagged) return tagged;
  }
  let maybe: AnySchema | undefined;
  for (const option of options) {
    const fit = fits(option, value);
    if (fit === Fit.Yes) return option;
    if (fit === Fit.Maybe) maybe ??= option;
  }
  return maybe;
}

/** The literal values each key of an object schema may have (zod's own index for discriminated unions). */
function propValues(schema: AnySchema): Record<string, Set<unknown>> | undefined {
  return (schema._zod as { propValues?: Record<string, Set<unknown>> }).propValues;
}

/** How well a value fits a schema: not at all, perhaps (behind a transform), certainly. */
type Fit = 0 | 1 | 2;
const Fit = { No: 0, Maybe: 1, Yes: 2 } as const;

const LEAVES = new Set(['string', 'number', 'boolean', 'bigint', 'literal', 'enum', 'template_literal', 'null', 'undefined', 'void', 'date', 'nan', 'symbol']);

/**
 * Whether `value` is something `schema` puts out: its shape (an object has no key the schema does
 * not know, and every field fits), and for plain values (strings, numbers, literals…) the schema
 * itself, since such an output parses as its own input. Transforms' outputs are Maybe.
 */
function fits(schema: AnySchema, value: unknown, depth = 0): Fit {
  if (depth > 32) return Fit.Maybe;
  const d = def(schema);
  const inner = (child: AnySchema, childValue: unknown) => fits(child, childValue, depth + 1);
  if (LEAVES.has(d.type)) return z.safeParse(schema, value).success ? Fit.Yes : Fit.No;
  switch (d.type) {
    case 'optional':
      return value === undefined ? Fit.Yes : inner(d.innerType!, value);
    case 'nullable':
      return value === null ? Fit.Yes : inner(d.innerType!, value);
    case 'nonoptional':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
      return inner(d.innerType!, value);
    case 'lazy':
      return inner(d.getter!(), value);
    case 'pipe':
      return def(d.out!).type === 'transform' ? Fit.Maybe : inner(d.out!, value);
    case 'object': {
      if (!isRecord(value)) return Fit.No;
      const shape = d.shape ?? {};
      const open = d.catchall !== undefined && def(d.catchall).type !== 'never';
      if (!open && Object.keys(value).some((key) => !Object.hasOwn(shape, key))) return Fit.No;
      return least(Object.keys(shape).map((key) => inner(shape[key]!, value[key])));
    }
    case 'array':
      return Array.isArray(value) ? least(value.map((item) => inner(d.element!, item))) : Fit.No;
    case 'tuple':
      return Array.isArray(value) ? Fit.Maybe : Fit.No;
    case 'record':
      return isRecord(value) ? least(Object.values(value).map((item) => inner(d.valueType!, item))) : Fit.No;
    case 'union':
      return Math.max(Fit.No, ...(d.options ?? []).map((option) => inner(option, value))) as Fit;
    case 'intersection':
      return least([inner(d.left!, value), inner(d.right!, value)]);
    case 'never':
      return Fit.No;
    default:
      return Fit.Maybe;
  }
}

function least(fits: Fit[]): Fit {
  return Math.min(Fit.Yes, ...fits) as Fit;
}
