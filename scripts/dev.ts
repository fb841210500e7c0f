/** `npm run dev`: the site with hot reload; content errors in the terminal and the browser overlay. */
import { createServer } from 'vite';
import { contentDevServer } from './lib/dev-plugin';

const root = process.cwd();
const server = await createServer({
  root,
  appType: 'custom',
  plugins: [contentDevServer(root)],
  server: { host: '127.0.0.1', port: Number(process.env.PORT ?? 5173) },
});
await server.listen();
server.printUrls();
