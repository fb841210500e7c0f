/**
 * The hosted editor's screen: sign in first, the refusal in the server's words with a way to try
 * another account, who is signed in once in, and no "View page" link (no site is served beside it).
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiFailure } from '../../editor/app/api';
import { EditorHeader } from '../../editor/app/EditorHeader';
import { EditorModeContext } from '../../editor/app/editor-mode';
import { HostedEditor } from '../../editor/app/HostedEditor';
import * as auth from '../../editor/app/hosted-auth';

vi.mock('../../editor/app/hosted-auth', () => ({
  currentEditor: vi.fn(),
  resumeSession: vi.fn(),
  prepareSignIn: vi.fn(),
  signIn: vi.fn(),
  signOutOfEditor: vi.fn(),
  previewStatus: vi.fn(),
}));

const ravi = { email: 'ravi.editor@example.com', name: 'Ravi Editor', role: 'editor' as const };

beforeEach(() => {
  vi.mocked(auth.currentEditor).mockResolvedValue(null);
  vi.mocked(auth.resumeSession).mockResolvedValue(null);
  vi.mocked(auth.previewStatus).mockResolvedValue({ url: null, building: false, builtAt: null, errors: 0 });
  // The editor's own API is not what is tested here: it answers nothing.
  vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response('{}', { status: 503 }))));
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('the hosted editor', () => {
  it('asks to sign in, then shows who is signed in and the editor', async () => {
    vi.mocked(auth.signIn).mockResolvedValue(ravi);
    render(<HostedEditor />);
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in with Google' }));
    expect(await screen.findByRole('group', { name: 'Your account' })).toHaveTextContent('Signed in as Ravi Editor (ravi.editor@example.com).');
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeVisible();
  });

  it('shows a refusal in the server’s words, and offers another account', async () => {
    vi.mocked(auth.signIn).mockRejectedValue(
      new ApiFailure(403, 'You signed in as stranger@example.com, which is not on the list of editors.', "Ask the site's publishers to add stranger@example.com to the editors, or sign in with another Google account."),
    );
    render(<HostedEditor />);
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in with Google' }));
    expect(await screen.findByRole('alert')).toHaveTextContent("You signed in as stranger@example.com, which is not on the list of editors.Ask the site's publishers");
    expect(screen.getByRole('button', { name: 'Sign in with another account' })).toBeEnabled();
  });

  it('goes straight to the editor with a session, and back to sign-in when the server says it ended', async () => {
    vi.mocked(auth.currentEditor).mockResolvedValueOnce(ravi).mockResolvedValue(null);
    render(<HostedEditor />);
    expect(await screen.findByRole('group', { name: 'Your account' })).toBeVisible();
    window.dispatchEvent(new Event('cesa-editor-signed-out'));
    expect(await screen.findByRole('button', { name: 'Sign in with Google' })).toBeVisible();
  });

  it('links to the preview of the whole draft once it is built, saying when it is updating', async () => {
    vi.mocked(auth.currentEditor).mockResolvedValue(ravi);
    vi.mocked(auth.previewStatus).mockResolvedValue({ url: '/_editor/whole-site', building: true, builtAt: '2026-11-25T18:00:00Z', errors: 0 });
    render(<HostedEditor />);
    const link = await screen.findByRole('link', { name: 'Preview the whole site (opens in a new tab)' });
    expect(link).toHaveAttribute('href', '/_editor/whole-site');
    expect(link.parentElement).toHaveTextContent('(updating…)');
  });

  it('offers no "View page" link: no site is served beside the hosted editor', () => {
    const header = (mode: 'dev' | 'hosted') =>
      render(
        <EditorModeContext value={mode}>
          <EditorHeader title="ETABS" route="/etabs" file="pages/etabs.yaml" onBack={() => undefined} />
        </EditorModeContext>,
      );
    const dev = header('dev');
    expect(screen.getByRole('link', { name: /View page/ })).toHaveAttribute('href', '/etabs');
    dev.unmount();
    header('hosted');
    expect(screen.getByText('/etabs')).toBeVisible();
    expect(screen.queryByRole('link', { name: /View page/ })).toBeNull();
  });
});
