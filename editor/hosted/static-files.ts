/**
 * The files the hosted editor serves: its browser app's pages and files (built ahead, app-files.ts),
 * named by their content's hash, and the files of a signed-in editor's own draft (a photo the preview
 * shows), never through a link. A draft's file is served as itself only when its bytes and its name
 * both say picture or video: anything else (a web page, a script, whatever git let someone push) is
 * a download, never a page or a script of the editor's origin, where it would run with the session of
 * whoever opens it.
 */
import { closeSync, createReadStream, openSync, readSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { CONTENT_TYPES } from '../../scripts/hosting/content-types';
import { publicFileAt, sendFile } from '../../scripts/hosting/files';
import { noLinkOnTheWay } from '../../scripts/authoring/no-links';
import { EDITOR } from '../errors';
import { fileKindOf } from '../../scripts/hosting/file-kinds';
import { APP_BASE } from './app-files';
import type { Hosted } from './hosted';

export function sendHtml(res: ServerResponse, html: string): void {
  res.statusCode = 200;
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.end(html);
}

/** A page of the editor's app (/_editor, its preview frame), or false. */
export function servedAppPage(hosted: Hosted, res: ServerResponse, url: URL): boolean {
  const page = hosted.options.app?.pages.get(url.pathname);
  if (!page) return false;
  sendHtml(res, page);
  return true;
}

/** A file of the editor's app (its scripts and styles), or false. */
export function servedAppFile(hosted: Hosted, res: ServerResponse, url: URL): boolean {
  const { app } = hosted.options;
  if (!app || !url.pathname.startsWith(APP_BASE)) return false;
  const file = publicFileAt(app.dir, url.pathname.slice(APP_BASE.length - 1));
  if (!file) return false;
  res.statusCode = 200;
  res.setHeader('Content-Type', CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream');
  // Named by their content's hash: never change.
  res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
  createReadStream(file).pipe(res);
  return true;
}

/** A file of the signed-in editor's draft (a photo the preview shows). */
export async function serveDraftFile(hosted: Hosted, req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  const { id } = await hosted.who.signedIn(req);
  const { dir, publicDir } = await hosted.drafts.of(id);
  const file = publicFileAt(publicDir, url.pathname);
  // A link (public/ itself, a folder in it, the file: public/x → /etc) could lead out of the draft: none is followed.
  if (!file || !noLinkOnTheWay(dir, file)) throw EDITOR.refusal('EDITOR_DRAFT_HAS_NO_FILE', { path: url.pathname });
  const kind = fileKindOf(file, firstBytes(file));
  // Nothing a browser opens from here runs: a drawing's scripts (SVG) and any page are sandboxed.
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Content-Security-Policy', "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; media-src 'self'; sandbox");
  if (kind === 'picture' || kind === 'video') return sendFile(res, file);
  res.statusCode = 200;
  res.setHeader('Content-Type', 'application/octet-stream');
  res.setHeader('Content-Disposition', 'attachment');
  res.setHeader('Cache-Control', 'no-store');
  createReadStream(file).pipe(res);
}

/** The first bytes of a file: enough to tell what it is. */
function firstBytes(file: string): Buffer {
  const head = Buffer.alloc(1024);
  const fd = openSync(file, 'r');
  try {
    return head.subarray(0, readSync(fd, head, 0, head.length, 0));
  } finally {
    closeSync(fd);
  }
}
