/**
 * Who asks the hosted editor: the session a request's cookie names (a lookup, nothing fetched: what
 * rate limits and body limits are taken on), then whether editors.yaml on main lists them now. A list
 * that cannot be read, or that would let two people share a draft (editors.ts), lets nobody in, in words.
 */
import type { IncomingMessage } from 'node:http';
import type { Refusal } from '../server/http';
import { editorId, EDITORS_FILE, EditorsFileProblem, parseEditors, whomToAsk, type Editor } from '../repo/editors';
import { cookieOf } from './preview-server';
import type { SiteRepository } from '../repo/repository';
import type { Session, SessionStore } from './sessions';
import { EDITOR } from '../errors';

/** The signed-in editor of a request, with their entry in editors.yaml. */
export interface Signed {
  session: Session;
  editor: Editor;
  id: string;
}

export interface SignedInOptions {
  repository: SiteRepository;
  sessions: SessionStore;
  /** The session cookie's name. */
  cookieName: string;
  log: (entry: Record<string, unknown>) => void;
}

/** The checks of who asks, as functions of their own (server.ts hands some of them on). */
export function signedInChecks({ repository, sessions, cookieName, log }: SignedInOptions) {
  /** editors.yaml on main, now (refreshed within mainMaxAgeMs, or at once with `fresh`). */
  const editorsNow = async (fresh = false): Promise<Editor[]> => {
    if (fresh) await repository.refresh(true);
    let text: string | undefined;
    try {
      text = await repository.mainFile(EDITORS_FILE);
    } catch (error) {
      throw error instanceof EditorsFileProblem ? listProblem(error) : error;
    }
    if (text === undefined) {
      throw EDITOR.refusal('EDITOR_NO_EDITORS_FILE');
    }
    try {
      return parseEditors(text);
    } catch (error) {
      throw error instanceof EditorsFileProblem ? listProblem(error) : error;
    }
  };

  /** A list of editors that cannot be read stops everyone, in words, until a developer corrects it. */
  const listProblem = (problem: EditorsFileProblem): Refusal => {
    log({ event: 'editors-file-problem', problem: problem.message });
    return EDITOR.refusal('EDITOR_EDITORS_FILE_BROKEN', { problems: problem.message });
  };

  const notListed = (email: string, editors: readonly Editor[]) =>
    EDITOR.refusal('EDITOR_NOT_LISTED', { email, whom: whomToAsk(editors) });

  /** The request's session, from its cookie alone: nothing is fetched, no body read (before rate limits and bodies). */
  const sessionOf = (req: IncomingMessage): Session => {
    const session = sessions.get(cookieOf(req, cookieName));
    if (!session) throw EDITOR.refusal('EDITOR_NOT_SIGNED_IN');
    return session;
  };

  /** A session's editor as editors.yaml on main lists them now (`fresh`: fetched now). */
  const listed = async (session: Session, fresh = false): Promise<Signed> => {
    const editors = await editorsNow(fresh);
    const editor = editors.find((entry) => entry.email === session.email);
    if (!editor) throw notListed(session.email, editors);
    return { session, editor, id: editorId(editor.email) };
  };

  const signedIn = (req: IncomingMessage, fresh = false): Promise<Signed> => listed(sessionOf(req), fresh);

  return { editorsNow, notListed, sessionOf, listed, signedIn };
}
