/**
 * Prerendering a page with islands: the page once as static HTML (never hydrated, so no markers for
 * React), then each island on its own with the identifier prefix the browser hydrates it with, put
 * in its placeholder. One render per island gives exactly the tree, and the useId ids, that
 * `hydrateRoot` in the browser produces: a single render of the page would not (an id depends on the
 * position in the tree).
 */
import type { ReactNode } from 'react';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { islandModules } from './islands.gen';
import { identifierPrefixOf, placeholderOf } from './ids';
import { IslandCollector, IslandCollectorContext } from './Island';
import { IslandRoot } from './root';

export function renderWithIslands(page: ReactNode): string {
  const collector = new IslandCollector();
  let html = renderToStaticMarkup(<IslandCollectorContext value={collector}>{page}</IslandCollectorContext>);
  for (const { id, name, props } of collector.islands) {
    const island = renderToString(<IslandRoot island={islandModules[name] as never} props={props as never} start={{ pressedEarly: false }} />, {
      identifierPrefix: identifierPrefixOf(id),
    });
    html = html.replace(placeholderOf(id), () => island);
  }
  return html;
}
