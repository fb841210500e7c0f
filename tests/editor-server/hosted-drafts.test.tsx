/**
 * Unsaved edits in the hosted editor belong to the editor who made them: Sign out asks first and drops
 * them, so that the next person in the same tab neither sees nor saves them; a session that ended keeps
 * them for the same person to sign in again. The editor's API is a small fake; the generated form is a
 * one-field stand-in editing meta.title.
 */
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stringify } from 'yaml';
import { HostedEditor } from '../../editor/app/HostedEditor';
import * as auth from '../../editor/app/hosted-auth';
import type { Json, PageListEntry, PageResponse } from '../../editor/protocol/api';

vi.mock('../../editor/app/hosted-auth', () => ({
  currentEditor: vi.fn(),
  resumeSession: vi.fn(),
  prepareSignIn: vi.fn(),
  signIn: vi.fn(),
  signOutOfEditor: vi.fn(),
  previewStatus: vi.fn(),
}));

vi.mock('../../editor/app/form', async () => {
  const { titleOf } = await import('../../editor/app/json');
  const { fieldId } = await import('../../editor/app/form/contract');
  type Props = import('../../editor/app/form/contract').PageFormProps;
  type JsonObject = { [key: string]: Json };
  const withTitle = (value: Json, title: string): Json => {
    const page = value as JsonObject;
    return { ...page, meta: { ...(page.meta as JsonObject), title } };
  };
  return {
    PageForm({ value, onChange }: Props) {
      return (
        <div>
          <label htmlFor={fieldId('meta.title')}>Title</label>
          <input id={fieldId('meta.title')} value={titleOf(value) ?? ''} onChange={(event) => onChange(withTitle(value, event.target.value))} />
        </div>
      );
    },
  };
});

const asha = { email: 'asha.editor@example.com', name: 'Asha Editor', role: 'editor' as const };
const ravi = { email: 'ravi.editor@example.com', name: 'Ravi Editor', role: 'editor' as const };

/** The editor's API for one page, pages/etabs.yaml, every save recorded. */
function fakeEditorApi() {
  let version = 1;
  let data: Json = { meta: { title: 'ETABS', description: 'A page.' }, sections: [{ type: 'hero', title: 'ETABS' }] };
  const saves: { file: string; data: Json; version: string }[] = [];
  const json = (status: number, value: unknown) => new Response(JSON.stringify(value), { status, headers: { 'Content-Type': 'application/json' } });
  const page = (): PageResponse => ({ file: 'pages/etabs.yaml', route: '/etabs', text: stringify(data), version: `v${version}`, data, errors: [] });
  const fetch = (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://127.0.0.1:8787');
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as { file: string; data: Json; version: string }) : undefined;
    switch (url.pathname.replace('/_editor/api/', '')) {
      case 'schema':
        return Promise.resolve(json(200, { page: { type: 'object' }, sections: [], templates: [] }));
      case 'content':
        return Promise.resolve(json(200, { routes: [], images: [], files: [], site: null, menu: [], imageSizes: {}, today: '2027-01-11' }));
      case 'pages':
        return Promise.resolve(json(200, [{ file: 'pages/etabs.yaml', route: '/etabs', title: 'ETABS', errors: 0 } satisfies PageListEntry]));
      case 'page':
        return Promise.resolve(json(200, page()));
      case 'validate':
        return Promise.resolve(json(200, { text: stringify(body!.data), errors: [], elsewhere: [] }));
      case 'save':
        saves.push(body!);
        data = body!.data;
        version += 1;
        return Promise.resolve(json(200, { text: stringify(data), version: `v${version}`, errors: [], elsewhere: [] }));
      default:
        return Promise.resolve(json(404, { error: 'Not here.' }));
    }
  };
  return { fetch, saves };
}

let api: ReturnType<typeof fakeEditorApi>;

beforeEach(() => {
  api = fakeEditorApi();
  vi.stubGlobal('fetch', api.fetch);
  vi.mocked(auth.currentEditor).mockResolvedValue(null);
  vi.mocked(auth.resumeSession).mockResolvedValue(null);
  vi.mocked(auth.signOutOfEditor).mockResolvedValue(undefined);
  vi.mocked(auth.previewStatus).mockResolvedValue({ url: null, building: false, builtAt: null, errors: 0 });
  window.history.replaceState(null, '', '/_editor?file=pages/etabs.yaml');
  sessionStorage.clear();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

/** Signs in as `who` from the sign-in screen; the page's form once it shows. */
async function signInAs(user: ReturnType<typeof userEvent.setup>, who: typeof asha): Promise<HTMLElement> {
  vi.mocked(auth.signIn).mockResolvedValueOnce(who);
  await user.click(await screen.findByRole('button', { name: 'Sign in with Google' }));
  expect(await screen.findByRole('group', { name: 'Your account' })).toHaveTextContent(`Signed in as ${who.name}`);
  return screen.findByLabelText('Title');
}

/** Asha signed in, with an unsaved title on the page. */
async function ashaEditing() {
  const user = userEvent.setup();
  vi.mocked(auth.currentEditor).mockResolvedValueOnce(asha);
  render(<HostedEditor />);
  await user.type(await screen.findByLabelText('Title'), ' by Asha');
  expect(await within(screen.getByRole('banner')).findByText('Unsaved changes')).toBeInTheDocument();
  return user;
}

describe('unsaved edits in the hosted editor', () => {
  it('are dropped by Sign out once confirmed: the next editor in the tab neither sees nor saves them', async () => {
    const user = await ashaEditing();
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    const question = screen.getByRole('alertdialog', { name: 'Sign out and drop your unsaved changes?' });
    expect(question).toHaveTextContent('You have unsaved changes on one page: sign out and drop them?');
    await user.click(within(question).getByRole('button', { name: 'Sign out and drop them' }));
    expect(auth.signOutOfEditor).toHaveBeenCalledOnce();

    const title = await signInAs(user, ravi);
    expect(title).toHaveValue('ETABS');
    expect(screen.queryByText(/Your unsaved changes were kept/)).not.toBeInTheDocument();
    expect(JSON.stringify({ ...sessionStorage })).not.toContain('by Asha');

    await user.clear(title);
    await user.type(title, 'ETABS by Ravi');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await within(screen.getByRole('banner')).findByText('Saved');
    expect(api.saves).toHaveLength(1);
    expect(JSON.stringify(api.saves[0]!.data)).toContain('ETABS by Ravi');
    expect(JSON.stringify(api.saves)).not.toContain('by Asha');
  });

  it('stay after "Stay": still signed in, the edits on the page and kept for a reload', async () => {
    const user = await ashaEditing();
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Stay' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(auth.signOutOfEditor).not.toHaveBeenCalled();
    expect(screen.getByRole('group', { name: 'Your account' })).toHaveTextContent('Signed in as Asha Editor');
    expect(screen.getByLabelText('Title')).toHaveValue('ETABS by Asha');
    expect(JSON.stringify({ ...sessionStorage })).toContain('by Asha');
  });

  it('are kept when the session ends, for the same editor only: another signing in meanwhile does not see them', async () => {
    const user = await ashaEditing();
    // The server answers 401: the session ended (12 hours, or signed out in another tab).
    window.dispatchEvent(new Event('cesa-editor-signed-out'));

    // Ravi uses the tab meanwhile: nothing of Asha's; he signs out with nothing to ask.
    expect(await signInAs(user, ravi)).toHaveValue('ETABS');
    expect(screen.queryByText(/Your unsaved changes were kept/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();

    // Asha again: her edits, as she left them.
    expect(await signInAs(user, asha)).toHaveValue('ETABS by Asha');
    expect(screen.getByText(/Your unsaved changes were kept/)).toBeInTheDocument();
    expect(api.saves).toEqual([]);
  });

  it('sign out at once when there is nothing unsaved', async () => {
    const user = userEvent.setup();
    vi.mocked(auth.currentEditor).mockResolvedValueOnce(asha);
    render(<HostedEditor />);
    await screen.findByLabelText('Title');
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Sign in with Google' })).toBeVisible();
  });
});
