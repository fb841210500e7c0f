/** The page list's search: every word typed must appear in the name, the title or the route, ignoring case and accents. */
import type { PageListEntry } from '../protocol/api';

/** "Étude Générale" → "etude generale". */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();
}

export function filterPages(pages: readonly PageListEntry[], query: string): PageListEntry[] {
  const words = foldText(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...pages];
  return pages.filter((page) => {
    const haystack = foldText(`${page.name ?? ''} ${page.title} ${page.route}`);
    return words.every((word) => haystack.includes(word));
  });
}
