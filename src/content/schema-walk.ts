/**
 * Reads a zod schema the way an editor's mistake needs it read: which keys are allowed at a path,
 * what a field is for. Only used to write helpful error messages.
 */
import * as z from 'zod';
import { isRecord } from '../lib/is-record';
import type { PathSegment } from './errors';

type AnySchema = z.core.$ZodType;

interface Def {
  type: string;
  shape?: Record<string, AnySchema>;
  element?: AnySchema;
  innerType?: AnySchema;
  in?: AnySchema;
  out?: AnySchema;
  options?: AnySchema[];
  discriminator?: string;
  values?: unknown[];
  getter?: () => AnySchema;
}

const def = (schema: AnySchema): Def => schema._zod.def;

function description(schema: AnySchema): string | undefined {
  return z.globalRegistry.get(schema)?.description;
}

/** Steps through wrappers (optional, default, transforms, lazy) to the schema that holds the shape. */
function unwrap(schema: AnySchema, value: unknown, seen: string[] = []): { schema: AnySchema; descriptions: string[] } {
  const own = description(schema);
  const descriptions = own ? [...seen, own] : seen;
  const d = def(schema);
  switch (d.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
      return unwrap(d.innerType!, value, descriptions);
    case 'pipe':
      // A preprocess (the page's course facts put in place) comes before the schema that holds the shape.
      return unwrap(def(d.in!).type === 'transform' ? d.out! : d.in!, value, descriptions);
    case 'lazy':
      return unwrap(d.getter!(), value, descriptions);
    case 'union': {
      const options = d.options ?? [];
      const chosen =
        (d.discriminator !== undefined && isRecord(value)
          ? options.find((option) => literalValues(option, d.discriminator!).includes(value[d.discriminator!]))
          : undefined) ?? options.find((option) => unwrap(option, value).schema._zod.def.type === (isRecord(value) ? 'object' : Array.isArray(value) ? 'array' : ''));
      return chosen ? unwrap(chosen, value, descriptions) : { schema, descriptions };
    }
    default:
      return { schema, descriptions };
  }
}

function literalValues(option: AnySchema, key: string): unknown[] {
  const shape = def(unwrap(option, undefined).schema).shape;
  const field = shape?.[key];
  return field ? (def(unwrap(field, undefined).schema).values ?? []) : [];
}

/** The schema at `path`, choosing union members by the data, or undefined when the path leaves the schema. */
export function schemaAt(root: AnySchema, path: readonly PathSegment[], data: unknown): { schema: AnySchema; descriptions: string[] } | undefined {
  let current = unwrap(root, data);
  let value = data;
  for (const segment of path) {
    const d = def(current.schema);
    if (d.type === 'object' && typeof segment === 'string' && d.shape?.[segment]) {
      value = isRecord(value) ? value[segment] : undefined;
      current = unwrap(d.shape[segment], value);
    } else if (d.type === 'array' && typeof segment === 'number' && d.element) {
      value = Array.isArray(value) ? value[segment] : undefined;
      current = unwrap(d.element, value);
    } else {
      return undefined;
    }
  }
  return current;
}

/** Keys an object at `path` may have. */
export function keysAt(root: AnySchema, path: readonly PathSegment[], data: unknown): string[] {
  const found = schemaAt(root, path, data);
  return found ? Object.keys(def(found.schema).shape ?? {}) : [];
}

/** The field's own description (the innermost one), for hints. */
export function describeAt(root: AnySchema, path: readonly PathSegment[], data: unknown): string | undefined {
  return schemaAt(root, path, data)?.descriptions[0];
}
