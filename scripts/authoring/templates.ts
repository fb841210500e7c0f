/** The templates of pages/_templates/ a new page can start from, each with what it is for. */
import { readdirSync } from 'node:fs';
import path from 'node:path';
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

/**
 * The templates of pages/_templates/, by name, each with its leading comment. A template that is a
 * link is listed without reading it (what it leads to is never shown): making a page from it is refused.
 */
export function templatesOf(pagesDir: string): { name: string; description: string }[] {
  const contentRoot = path.dirname(pagesDir);
  const folder = statWithoutLinks(contentRoot, 'pages/_templates', 'folder');
  if (!folder?.isDirectory()) return [];
  return readdirSync(path.join(pagesDir, '_templates'), { withFileTypes: true })
    .filter((entry) => entry.name.endsWith('.yaml'))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .map((entry) => ({
      name: entry.name.slice(0, -'.yaml'.length),
      description: entry.isFile() ? leadingComment(readWithoutLinks(contentRoot, `pages/_templates/${entry.name}`).toString('utf8')) : '',
    }));
}
