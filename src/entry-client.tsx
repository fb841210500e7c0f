/** The browser: hydrates the prerendered page; later navigation is client-side. */
import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './app/App';
import { readInitialData } from './app/data';
import { preloadSections } from './sections/registry';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from the page');
const initial = readInitialData();

// Loaded by src/boot.ts after the first paint, with the page's section code preloaded beside it:
// hydrate once that is there. Until then the prerendered page is on screen and its links work.
// In a transition, so that hydration yields to the browser every few milliseconds instead of
// holding the main thread for the whole page (a tap meanwhile is handled first).
void preloadSections(initial.page?.sections.map((section) => section.type) ?? []).then(() =>
  startTransition(() => {
    hydrateRoot(
      container,
      <StrictMode>
        <BrowserRouter>
          <App initial={initial} preload={preloadSections} />
        </BrowserRouter>
      </StrictMode>,
    );
  }),
);
