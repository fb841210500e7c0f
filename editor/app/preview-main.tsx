/**
 * /_editor/preview: the iframe beside the editor's form. The site's own styles and components, and
 * none of the editor's. Every section type's code is part of this module (the registry imports them
 * all), so a section added in the form is drawn at once and nothing is imported later (see
 * hot-reload.ts). The parts' behaviours run on what React draws, as on the site (src/islands/attach.ts);
 * islands run inside this React tree.
 */
import '../../src/styles/base.css';
import './preview.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { watchBehaviours } from '../../src/islands/attach';
import { keepOpenOnContentChanges } from './hot-reload';
import { keepLinksInNewTabs } from './preview-links';
import { PreviewApp } from './PreviewApp';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from the preview page');

keepLinksInNewTabs(document);
keepOpenOnContentChanges();
watchBehaviours(container);

createRoot(container).render(
  <StrictMode>
    <PreviewApp />
  </StrictMode>,
);
