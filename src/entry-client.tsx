/** The browser: hydrates the prerendered page; later navigation is client-side. */
import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './app/App';
import { readInitialData } from './app/data';
import { lazyRegistry, preloadSections } from './sections/lazy-registry';
import { SectionComponentsProvider } from './sections/section-slot';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from the page');
const initial = readInitialData();

// The page's section code is preloaded by <link rel="modulepreload">: hydrate once it is there,
// in one pass. Until then the prerendered page is already on screen and its links work.
void preloadSections(initial.page?.sections.map((section) => section.type) ?? []).then(() =>
  hydrateRoot(
    container,
    <StrictMode>
      <BrowserRouter>
        <SectionComponentsProvider value={lazyRegistry}>
          <App initial={initial} preload={preloadSections} />
        </SectionComponentsProvider>
      </BrowserRouter>
    </StrictMode>,
  ),
);
