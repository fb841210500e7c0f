/**
 * Where the editor runs: `dev` (`npm run dev`, which serves the site itself beside the editor, so a
 * page can be viewed on its own) or `hosted` (`npm run editor-server`, which serves only the editor
 * and the draft's files: the page is seen in the preview beside the form).
 */
import { createContext, useContext } from 'react';

export type EditorMode = 'dev' | 'hosted';

export const EditorModeContext = createContext<EditorMode>('dev');

export function useEditorMode(): EditorMode {
  return useContext(EditorModeContext);
}
