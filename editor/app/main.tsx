/** /_editor: the visual editor (npm run dev only). Its styles are its own; the site's are only in the preview. */
import './editor.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { EditorApp } from './EditorApp';
import { keepOpenOnContentChanges } from './hot-reload';

const container = document.getElementById('editor-root');
if (!container) throw new Error('#editor-root is missing from the editor page');

// Every module of the editor is loaded by now (static imports), so a content change need not reload it.
keepOpenOnContentChanges();

createRoot(container).render(
  <StrictMode>
    <EditorApp />
  </StrictMode>,
);
