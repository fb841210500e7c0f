/**
 * "Preview the whole site": each draft's whole site, built after its saves (previews.ts), shown to
 * its editor only, on an origin of its own (preview-access.ts, preview-server.ts). The editor's
 * address OPEN_PREVIEW_ROUTE sends the signed-in editor on to their draft's preview with a ticket;
 * the preview lets its holder in while their session goes on and editors.yaml lists them.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { EDITOR_ROUTE } from '../protocol/api';
import { EDITOR } from '../errors';
import { Refusal } from '../server/http';
import { editorId } from '../repo/editors';
import type { Hosted } from './hosted';
import { PreviewRefusal, statePreviewPasses, type PreviewHolder } from './preview-access';
import { cookieOf, PreviewServer, sendWords } from './preview-server';
import { OPEN_PREVIEW_ROUTE } from './routes';
import { sessionKey } from './sessions';

/** Whether the holder of a preview's pass may still see it: their session goes on and editors.yaml lists them. */
async function stillAllowed(hosted: Hosted, holder: PreviewHolder): Promise<void> {
  if (!hosted.sessions.byKey(holder.session)) throw new PreviewRefusal(EDITOR.refusal('EDITOR_PREVIEW_SESSION_ENDED', { address: `${hosted.origin}${EDITOR_ROUTE}` }));
  const editors = await hosted.who.editorsNow();
  const editor = editors.find((entry) => entry.email === holder.email);
  if (!editor || hosted.owners.known(editor.email) !== holder.draft) {
    throw new PreviewRefusal(EDITOR.refusal('EDITOR_PREVIEW_NOT_LISTED', { email: holder.email }));
  }
}

/** The previews' server, when previews are on. */
export function previewServerOf(hosted: Hosted): PreviewServer | null {
  const { previews, options } = hosted;
  if (!previews) return null;
  return new PreviewServer({
    host: options.host,
    previewOrigin: options.previewOrigin,
    previews,
    passes: statePreviewPasses(options.stateDir),
    stillAllowed: (holder) => stillAllowed(hosted, holder),
    worktreeOf: async (id) => (await hosted.drafts.of(id)).dir,
    takeLimit: (id) => hosted.limiter.take('preview', id),
    log: hosted.log,
  });
}

/** "Preview the whole site": the signed-in editor, sent on to their draft's preview with a ticket; a refusal is a plain page. */
export async function openPreview(hosted: Hosted, previewServer: PreviewServer | null, req: IncomingMessage, res: ServerResponse): Promise<void> {
  try {
    const session = hosted.who.sessionOf(req);
    hosted.limiter.take('read', editorId(session.email));
    const { id } = await hosted.who.listed(session);
    if (!previewServer) throw EDITOR.refusal('EDITOR_NO_WHOLE_PREVIEWS');
    await previewServer.open(res, { draft: id, email: session.email, session: sessionKey(cookieOf(req, hosted.cookieName) ?? '') });
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    hosted.log({ event: 'refused', status: error.status, reason: error.body.error, route: OPEN_PREVIEW_ROUTE });
    if (typeof error.extra.retryAfter === 'number') res.setHeader('Retry-After', String(error.extra.retryAfter));
    sendWords(res, error.status, [error.body.error, error.body.hint].filter(Boolean).join(' '));
  }
}
