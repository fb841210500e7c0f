/** Small helpers on the page's raw data. */
import type { Json } from './protocol';

export type JsonObject = { [key: string]: Json };

export function isObject(value: Json | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Equal data (the form keeps key order, so equal data serialises equally). */
export function sameJson(a: Json, b: Json): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}

/** meta.title, when the data has one. */
export function titleOf(data: Json): string | null {
  if (!isObject(data)) return null;
  const meta = data.meta;
  if (!isObject(meta)) return null;
  const title = meta.title;
  return typeof title === 'string' && title.trim() !== '' ? title : null;
}
