/**
 * /_editor/preview: the iframe beside the editor's form. The site's own styles and components, and
 * none of the editor's. Every section type's code is loaded at the start: a section added in the
 * form is drawn at once, and nothing is imported later (see hot-reload.ts).
 */
import '../styles/base.css';
import './preview.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { preloadSections } from '../sections/registry';
import { keepOpenOnContentChanges } from './hot-reload';
import { keepLinksInNewTabs } from './preview-links';
import { PreviewApp } from './PreviewApp';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from the preview page');

keepLinksInNewTabs(document);
void preloadSections().then(keepOpenOnContentChanges);

createRoot(container).render(
  <StrictMode>
    <PreviewApp preload={preloadSections} />
  </StrictMode>,
);
