/**
 * The browser's side of an island: hydrates one `<cesa-island>` on its own root. The only module of
 * the site's browser code that imports react-dom: it is fetched with the first island a visitor
 * reaches for, never with the page.
 */
import { hydrateRoot } from 'react-dom/client';
import type { IslandStart } from './context';
import type { IslandDefinition } from './define';
import { identifierPrefixOf } from './ids';
import { rememberIsland } from './mounted';
import { IslandRoot } from './root';

export function hydrateIsland(element: HTMLElement, island: IslandDefinition<unknown>, props: unknown, start: IslandStart): void {
  const root = hydrateRoot(element, <IslandRoot island={island} props={props} start={start} />, {
    // As the prerenderer rendered it.
    identifierPrefix: identifierPrefixOf(element.id),
    // A mismatch React recovers from is still a defect: said where the tests and a developer look.
    onRecoverableError: (error) => console.error(`The ${element.dataset.island ?? ''} island did not hydrate cleanly:`, error),
  });
  rememberIsland(element, () => root.unmount());
}
