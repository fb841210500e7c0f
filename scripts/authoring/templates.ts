/** The templates of pages/_templates/ a new page can start from, each with what it is for. */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { isRecord } from '../../src/lib/is-record';
import { readWithoutLinks, statWithoutLinks } from './no-links';

/** The leading comment of a YAML file, as one paragraph: what a template or an example is for. */
export function leadingComment(text: string): string {
  const lines = text.split(/\r?\n/);
  const end = lines.findIndex((line) => !line.startsWith('#'));
  return (end === -1 ? lines : lines.slice(0, end))
    .map((line) => line.replace(/^#\s?/, '').trim())
    .join(' ')
    .trim();
}

/** Whether a page's text states a course (a `course` block in its meta): a page made from it asks for a duration. */
export function isCourseText(text: string): boolean {
  try {
    const data = parse(text) as unknown;
    return isRecord(data) && isRecord(data.meta) && isRecord(data.meta.course);
  } catch {
    return false;
  }
}

/**
 * The templates of pages/_templates/, by name, each with its leading comment and whether it is a
 * course. A template that is a link is listed without reading it (what it leads to is never shown):
 * making a page from it is refused.
 */
export function templatesOf(pagesDir: string): { name: string; description: string; course: boolean }[] {
  const contentRoot = path.dirname(pagesDir);
  const folder = statWithoutLinks(contentRoot, 'pages/_templates', 'folder');
  if (!folder?.isDirectory()) return [];
  return readdirSync(path.join(pagesDir, '_templates'), { withFileTypes: true })
    .filter((entry) => entry.name.endsWith('.yaml'))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .map((entry) => {
      const text = entry.isFile() ? readWithoutLinks(contentRoot, `pages/_templates/${entry.name}`).toString('utf8') : '';
      return { name: entry.name.slice(0, -'.yaml'.length), description: leadingComment(text), course: isCourseText(text) };
    });
}
