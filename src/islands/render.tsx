/**
 * Prerendering a page with islands: the page once as static HTML (never hydrated, so no markers for
 * React), then each island on its own with the identifier prefix the browser hydrates it with, put
 * in its placeholder. One render per island gives exactly the tree, and the useId ids, that
 * `hydrateRoot` in the browser produces: a single render of the page would not (an id depends on the
 * position in the tree).
 *
 * The static page is written by static-markup.ts (React's static markup, byte for byte, without
 * React's streaming renderer), or by React itself where that module leaves a page to it.
 */
import { createRequire } from 'node:module';
import type { ReactNode } from 'react';
import { islandModules } from './islands.gen';
import { identifierPrefixOf, placeholderOf } from './ids';
import { IslandCollector, IslandCollectorContext } from './Island';
import { IslandRoot } from './root';
import { staticMarkup } from './static-markup';

type ServerRenderer = typeof import('react-dom/server');
let serverRenderer: ServerRenderer | undefined;
/**
 * React's server renderer, loaded when a page first needs it (an island, or a page static-markup.ts
 * leaves to React): a build's thread whose pages have none never loads it (35–75 ms a thread).
 */
const reactServer = (): ServerRenderer => (serverRenderer ??= createRequire(import.meta.url)('react-dom/server') as ServerRenderer);

/** The page's HTML; `react`: the static part by React alone (what static-markup.ts is compared with). */
export function renderWithIslands(page: ReactNode, { react = false }: { react?: boolean } = {}): string {
  const withCollector = (collector: IslandCollector) => <IslandCollectorContext value={collector}>{page}</IslandCollectorContext>;
  let collector = new IslandCollector();
  let html = react ? undefined : staticMarkup(withCollector(collector));
  if (html === undefined) {
    // A fresh collector: the islands met before static-markup.ts gave up are met again.
    collector = new IslandCollector();
    html = reactServer().renderToStaticMarkup(withCollector(collector));
  }
  for (const { id, name, props } of collector.islands) {
    const island = reactServer().renderToString(<IslandRoot island={islandModules[name] as never} props={props as never} start={{ pressedEarly: false }} />, {
      identifierPrefix: identifierPrefixOf(id),
    });
    html = html.replace(placeholderOf(id), () => island);
  }
  return html;
}
