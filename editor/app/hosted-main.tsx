/** /_editor in the hosted editor (`npm run editor-server`): sign-in, then the editor. Built by Vite, served as files. */
import './editor.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { HostedEditor } from './HostedEditor';

const container = document.getElementById('editor-root');
if (!container) throw new Error('#editor-root is missing from the editor page');

createRoot(container).render(
  <StrictMode>
    <HostedEditor />
  </StrictMode>,
);
