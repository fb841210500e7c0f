/** Prerendering: one route of the site to an HTML string (loaded by scripts/build.ts and the dev server). */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { App } from './app/App';
import { preloadSections } from './sections/registry';
import type { InitialData } from './app/data';

export { headHtml, headOf } from './app/head';
export { serialiseData } from './app/data';
export { structuredDataHtml } from './app/structured-data';

/** Every section type's code, loaded once before the first page is rendered (the prerenderer awaits it). */
export const ready: Promise<unknown> = preloadSections();

export function render(data: InitialData): string {
  return renderToString(
    <StrictMode>
      <StaticRouter location={data.route}>
        <App initial={data} />
      </StaticRouter>
    </StrictMode>,
  );
}
