/**
 * `npm run dev`: the site at http://127.0.0.1:5173 (or PORT) and the visual editor at /_editor. Pages are
 * re-rendered from the YAML on every request and updated in place on every save. A page whose file has mistakes shows them instead of the page;
 * the other pages carry a notice linking to every mistake (/_errors); the terminal prints them too.
 */
import { createServer } from 'vite';
import { DEV_HOST, devPort } from '../scripts/dev/dev-address';
import { editorDevServerConfig } from '../editor/server/dev-config';
import { EDITOR_ROUTE } from '../editor/protocol/api';

let port: number;
try {
  port = devPort();
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}

const root = process.cwd();
const server = await createServer(editorDevServerConfig(root, { port }));
try {
  await server.listen();
} catch (error) {
  await server.close();
  // strictPort: the address `npm run new` printed is this one, or none.
  if (error instanceof Error && /already in use/i.test(error.message)) {
    console.error(
      `Port ${port} is already in use: is npm run dev already running in another window? Its pages are at http://${DEV_HOST}:${port}/.\n` +
        `To start a second one, choose another port: PORT=${port + 1} npm run dev`,
    );
    process.exit(1);
  }
  throw error;
}
server.printUrls();
// Under Vite's own address lines, in their layout.
server.config.logger.info(`  ➜  Editor: http://${DEV_HOST}:${port}${EDITOR_ROUTE}`);
