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

const textAt = (value: Json | undefined, ...keys: string[]): string | null => {
  let current = value;
  for (const key of keys) current = isRecord(current) ? current[key] : undefined;
  return typeof current === 'string' && current.trim() !== '' ? current.trim() : null;
};

/**
 * The page's name as its editors call it (as the page list shows it): its menu label, else its
 * course's name, else the first part of its search title ("Contact us" of "Contact us | CESA, …").
 */
export function pageNameOf(data: Json): string | null {
  const head = titleOf(data)?.split(' | ')[0]?.trim();
  return textAt(data, 'meta', 'course', 'menu', 'label') ?? textAt(data, 'meta', 'course', 'name') ?? (head || null);
}
