/**
 * Who asks the hosted editor: the session a request's cookie names (a lookup, nothing fetched: what
 * rate limits and body limits are taken on), then whether editors.yaml on main lists them now. A list
 * that cannot be read, or that would let two people share a draft (editors.ts), lets nobody in, in words.
 */
import type { IncomingMessage } from 'node:http';
import type { Refusal } from '../server/http';
import { EDITORS_FILE, EditorsFileProblem, parseEditors, type Editor } from '../repo/editors';
import type { DraftOwners } from './draft-owners';
import { cookieOf } from './preview-server';
import type { SiteRepository } from '../repo/repository';
import type { Session, SessionStore } from './sessions';
import { EDITOR } from '../errors';

/** How often a sign-in by an address not on the list may fetch main to look again. */
export const UNLISTED_FETCH_MS = 30_000;

/** The signed-in editor of a request, with their entry in editors.yaml. */
export interface Signed {
  session: Session;
  editor: Editor;
  id: string;
}

export interface SignedInOptions {
  repository: SiteRepository;
  /** Whose each draft is (a draft keeps its owner whatever editors.yaml said before). */
  owners: DraftOwners;
  sessions: SessionStore;
  /** The session cookie's name. */
  cookieName: string;
  log: (entry: Record<string, unknown>) => void;
}

/** The checks of who asks, as functions of their own (server.ts hands some of them on). */
export function signedInChecks({ repository, owners, sessions, cookieName, log }: SignedInOptions) {
  /** The list as parsed from one commit of main: parsed again only when a fetch moves main. */
  let parsed: { commit: string; editors: Editor[] | Refusal } | null = null;

  /** editors.yaml on main, now (refreshed within mainMaxAgeMs, or at once with `fresh`). */
  const editorsNow = async (fresh = false): Promise<Editor[]> => {
    if (fresh) await repository.refresh(true);
    let read: { commit: string; text: string | undefined };
    try {
      read = await repository.mainFile(EDITORS_FILE);
    } catch (error) {
      throw error instanceof EditorsFileProblem ? listProblem(error) : error;
    }
    const list = parsed?.commit === read.commit ? parsed : { commit: read.commit, editors: parsedList(read.text) };
    parsed = list;
    if (!Array.isArray(list.editors)) throw list.editors;
    return list.editors;
  };

  const parsedList = (text: string | undefined): Editor[] | Refusal => {
    if (text === undefined) return EDITOR.refusal('EDITOR_NO_EDITORS_FILE');
    try {
      return parseEditors(text);
    } catch (error) {
      if (error instanceof EditorsFileProblem) return listProblem(error);
      throw error;
    }
  };

  /**
   * The listed editor of `email`, or a refusal that names nobody. An address not on the list as last
   * fetched is looked for again after a fetch at most every UNLISTED_FETCH_MS (someone just added signs
   * in within it): a stranger's sign-ins, however many, cost that one fetch.
   */
  const listedNow = async (email: string): Promise<Editor> => {
    const found = (await editorsNow()).find((entry) => entry.email === email);
    if (found) return found;
    await repository.refreshWithin(UNLISTED_FETCH_MS);
    const again = (await editorsNow()).find((entry) => entry.email === email);
    if (!again) throw notListed(email);
    return again;
  };

  /** A list of editors that cannot be read stops everyone, in words, until a developer corrects it. */
  const listProblem = (problem: EditorsFileProblem): Refusal => {
    log({ event: 'editors-file-problem', problem: problem.message });
    return EDITOR.refusal('EDITOR_EDITORS_FILE_BROKEN', { problems: problem.message });
  };

  const notListed = (email: string) => EDITOR.refusal('EDITOR_NOT_LISTED', { email });

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
    if (!editor) throw notListed(session.email);
    return { session, editor, id: await owners.draftOf(editor.email) };
  };

  const signedIn = (req: IncomingMessage, fresh = false): Promise<Signed> => listed(sessionOf(req), fresh);

  return { editorsNow, listedNow, sessionOf, listed, signedIn };
}
