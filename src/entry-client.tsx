/** The browser: hydrates the prerendered page; later navigation is client-side. */
import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './app/App';
import { readInitialData } from './app/data';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from the page');

hydrateRoot(
  container,
  <StrictMode>
    <BrowserRouter>
      <App initial={readInitialData()} />
    </BrowserRouter>
  </StrictMode>,
);
