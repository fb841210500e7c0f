/**
 * Where `npm run dev` serves the site: 127.0.0.1, port PORT (5173 unless set). `npm run new` prints
 * the same address, so it is the one place that decides it.
 */
export const DEV_HOST = '127.0.0.1';
export const DEFAULT_DEV_PORT = 5173;

/** The dev server's port: PORT, or 5173 when it is unset or empty. Throws, in plain words, for anything else. */
export function devPort(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.PORT?.trim();
  if (!raw) return DEFAULT_DEV_PORT;
  const port = Number(raw);
  if (!/^\d+$/.test(raw) || port < 1 || port > 65535) {
    throw new Error(`PORT=${raw} is not a port number: use a whole number from 1 to 65535 (e.g. PORT=5174), or leave PORT unset for ${DEFAULT_DEV_PORT}.`);
  }
  return port;
}

/** The address of a route on the dev server, e.g. http://127.0.0.1:5173/etabs. */
export function devUrl(route = '/', env: NodeJS.ProcessEnv = process.env): string {
  return `http://${DEV_HOST}:${devPort(env)}${route}`;
}
