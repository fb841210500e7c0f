/**
 * Serving a file of public/ as it is: found by its site path (never outside public/, never through a
 * link), sent with its type and never kept by the browser. The dev server and the hosted editor's
 * previews of public/ both use it.
 */
import { createReadStream, lstatSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import path from 'node:path';
import { CONTENT_TYPES } from './content-types';

/** The file of public/ at a site path, if there is one (never outside public/, never through a link). */
export function publicFileAt(publicDir: string, pathname: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0') || decoded.split('/').some((part) => part === '..')) return undefined;
  const file = path.join(publicDir, decoded);
  if (!file.startsWith(publicDir + path.sep)) return undefined;
  try {
    const stat = lstatSync(file);
    return stat.isFile() ? file : undefined;
  } catch {
    return undefined;
  }
}

export function sendFile(res: ServerResponse, file: string): void {
  res.statusCode = 200;
  res.setHeader('Content-Type', CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream');
  res.setHeader('Cache-Control', 'no-store');
  createReadStream(file).pipe(res);
}
