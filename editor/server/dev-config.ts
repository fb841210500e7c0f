/**
 * `npm run dev` with the visual editor: the engine's dev server (scripts/dev/dev-plugin.ts) with the
 * editor mounted at /_editor through the hook the dev server is handed. The engine does not import the
 * editor; the commands that want both (npm run dev, the editor's screenshots and benches) start it here.
 */
import type { InlineConfig } from 'vite';
import { devServerConfig, type ContentDevOptions } from '../../scripts/dev/dev-plugin';
import { mountEditor } from './api';

export function editorDevServerConfig(root: string, options: ContentDevOptions & { port: number }): InlineConfig {
  return devServerConfig(root, { ...options, mount: mountEditor });
}
