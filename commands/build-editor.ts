/**
 * `npm run build:editor`: the hosted editor's browser app, built ahead for this version of the code
 * (editor/app-build.ts), so that `npm run editor-server` serves it without Vite. Quick when it is
 * already built.
 */
import { buildEditorApp } from '../editor/app-build';

try {
  const app = await buildEditorApp(process.cwd(), (message) => console.log(message));
  console.log(`The editor's browser app is ready: ${app.dir}`);
} catch (error) {
  console.error(`The editor's browser app could not be built: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
