/** Small helpers on the page's raw data. */
import { isRecord } from '../../src/lib/is-record';
import type { Json } from '../protocol/api';

/** Equal data (the form keeps key order, so equal data serialises equally). */
export function sameJson(a: Json, b: Json): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}

/** meta.title, when the data has one. */
export function titleOf(data: Json): string | null {
  if (!isRecord(data)) return null;
  const meta = data.meta;
  if (!isRecord(meta)) return null;
  const title = meta.title;
  return typeof title === 'string' && title.trim() !== '' ? title : null;
}
