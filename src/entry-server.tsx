/** Prerendering: one route of the site to an HTML string (loaded by commands/build.ts and the dev server). */
import { App } from './app/App';
import type { RenderData } from './app/data';
import { renderWithIslands } from './islands/render';

export { headHtml, headOf } from './app/head';

/** The page's markup: static HTML, with each island rendered for hydration in its place. */
export function render(data: RenderData): string {
  return renderWithIslands(<App data={data} />);
}
