/** Prerendering: one route of the site to an HTML string (loaded by scripts/build.ts and the dev server). */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { App } from './app/App';
import { registry } from './sections/registry';
import { SectionComponentsProvider } from './sections/section-slot';
import type { InitialData } from './app/data';

export { headHtml, headOf } from './app/head';
export { serialiseData } from './app/data';
export { structuredDataHtml } from './app/structured-data';

export function render(data: InitialData): string {
  return renderToString(
    <StrictMode>
      <StaticRouter location={data.route}>
        <SectionComponentsProvider value={registry}>
          <App initial={data} />
        </SectionComponentsProvider>
      </StaticRouter>
    </StrictMode>,
  );
}
