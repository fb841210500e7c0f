/**
 * Prerendering: one route of the site to its body's HTML (loaded by the build's threads and the dev
 * server). React's part only: the head, its JSON-LD and the page around the body are the engine's
 * (scripts/builder/prerender.ts), so this bundle holds no schema and loads quickly on every thread.
 */
import { App } from './app/App';
import type { RenderData } from './app/data';
import { renderWithIslands } from './islands/render';

/** The page's markup: static HTML, with each island rendered for hydration in its place. */
export function render(data: RenderData): string {
  return renderWithIslands(<App data={data} />);
}
