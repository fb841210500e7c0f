/** /_editor in the hosted editor (`npm run editor-server`): sign-in, then the editor. Built by Vite, served as files. */
import './editor.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { HostedEditor } from './HostedEditor';
import { setServerPlace } from './api';

// Its words when the server does not answer: the academy's server, not npm run dev.
setServerPlace('hosted');
const container = document.getElementById('editor-root');
if (!container) throw new Error('#editor-root is missing from the editor page');

createRoot(container).render(
  <StrictMode>
    <HostedEditor />
  </StrictMode>,
);
