/**
 * The brochure section with its island drawn live in the React tree (as in the editor's preview):
 * the island loads Firebase as soon as it is drawn (hydrated, on the site), so these tests hold
 * Firebase (`fake.holding`: loaded, stored session not read yet) or make it fail to see the states
 * before sign-in is ready. Each test draws a fresh copy of the page's modules: the sign-in session
 * (src/auth/session.ts) is module state, one per page. Whether a press can still open a window
 * (the browser's transient user activation, which jsdom does not have) is set by `pressActive`.
 */
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthClient, AuthUser } from '../../src/auth/firebase';
import type { FirebaseWebConfig } from '../../src/content/site-schema';
import type { BrochureActionsProps } from '../../src/sections/brochure/island';
import { testSite } from '../helpers/render';

/** Stand-in for the Firebase chunk: the test decides who is signed in and what login/logout do. */
const fake = vi.hoisted(() => {
  let listener: ((user: AuthUser | null) => void) | null = null;
  return {
    user: null as AuthUser | null,
    /** While true, Firebase is loaded but has not read the stored session yet: sign-in is not ready. */
    holding: false,
    /** How many of the next loads of the chunk fail, like a network error. */
    failures: 0,
    /** The projects a client was created for. */
    created: [] as FirebaseWebConfig[],
    login: vi.fn<() => Promise<void>>(),
    logout: vi.fn<() => Promise<void>>(),
    emit(user: AuthUser | null) {
      this.user = user;
      listener?.(user);
    },
    /** Ends `holding`: the session is read, sign-in becomes ready. */
    release() {
      this.holding = false;
      listener?.(this.user);
    },
    subscribe(next: (user: AuthUser | null) => void) {
      listener = next;
      if (!this.holding) next(this.user);
      return () => {
        listener = null;
      };
    },
  };
});

// The factory's module is cached across vi.resetModules, so a failed load is a client that cannot
// be made: session.ts sees the same rejection as for a chunk that could not be fetched.
vi.mock('../../src/auth/firebase', () => {
  return {
    createAuthClient(web: FirebaseWebConfig): AuthClient {
      if (fake.failures > 0) {
        fake.failures -= 1;
        throw new TypeError('Failed to fetch dynamically imported module');
      }
      fake.created.push(web);
      return {
        onUserChanged: (listener) => fake.subscribe(listener),
        login: () => fake.login(),
        logout: () => fake.logout(),
      };
    },
  };
});

const alice: AuthUser = { uid: 'u1', name: 'Alice', email: 'alice@example.com' };
const section = { type: 'brochure', title: 'Download our brochure', text: 'Courses, fees and batches in one PDF.' };
/** What the button does, and no more: it signs in and downloads (the sign-in is a courtesy, not a lock). */
const SIGN_IN = 'Sign in with Google and download';

/** A fresh page: new copies of the section's modules, and so of the sign-in session. */
async function freshPage() {
  vi.resetModules();
  return import('../helpers/render');
}

/** Renders the section on a fresh page. */
async function show(input: unknown) {
  const { renderSection } = await freshPage();
  return renderSection(input);
}

/** Whether the browser still counts the last press as active (navigator.userActivation.isActive). */
function pressActive(active: boolean) {
  Object.defineProperty(navigator, 'userActivation', { value: { isActive: active, hasBeenActive: true }, configurable: true });
}

/** The downloads the page starts: clicks on a link with `download`, kept from jsdom's navigation. */
let downloads: { href: string; fileName: string }[] = [];
function recordDownloads(event: Event) {
  const link = event.target instanceof Element ? event.target.closest('a[download]') : null;
  if (!(link instanceof HTMLAnchorElement)) return;
  event.preventDefault();
  downloads.push({ href: link.getAttribute('href') ?? '', fileName: link.download });
}

beforeEach(() => {
  window.localStorage.clear();
  fake.user = null;
  fake.holding = false;
  fake.failures = 0;
  fake.created = [];
  fake.login.mockReset().mockResolvedValue(undefined);
  fake.logout.mockReset().mockResolvedValue(undefined);
  downloads = [];
  document.addEventListener('click', recordDownloads, true);
  pressActive(false);
});

afterEach(() => {
  document.removeEventListener('click', recordDownloads, true);
  Reflect.deleteProperty(navigator, 'userActivation');
  vi.restoreAllMocks();
});

/** The one signed-out action: always enabled, never announced as unavailable. */
function signInButton() {
  const button = screen.getByRole('button', { name: SIGN_IN });
  expect(button).toBeEnabled();
  expect(button).not.toHaveAttribute('aria-disabled');
  return button;
}

/** The sign-in press signs Alice in, as Google's popup would. */
function popupSignsInAlice() {
  fake.login.mockImplementation(() => {
    fake.emit(alice);
    return Promise.resolve();
  });
}

const status = () => screen.getByRole('status');

/** Waits until the island has loaded sign-in and taken in the session (nothing on screen changes). */
async function signInLoaded() {
  await waitFor(() => expect(fake.created).toHaveLength(1));
  await act(() => Promise.resolve());
}

describe('Brochure', () => {
  it('shows its title and text, one action, and a line for visitors without JavaScript', async () => {
    const { container } = await show(section);
    expect(screen.getByRole('region', { name: 'Download our brochure' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Download our brochure' })).toBeInTheDocument();
    expect(screen.getByText('Courses, fees and batches in one PDF.')).toBeInTheDocument();
    // Shown only by the stylesheet's `(scripting: none)` rule; in the HTML always.
    expect(screen.getByText(/^Signing in needs JavaScript/)).toHaveTextContent(
      'Signing in needs JavaScript: turn it on in your browser to download the brochure.',
    );
    // The button is the island, drawn live here (no placeholder, no props block).
    expect(container.querySelector('cesa-island[data-island="brochure"]')).toContainElement(signInButton());
    expect(container.querySelector('script')).toBeNull();
    expect(screen.getAllByRole('button')).toHaveLength(1);
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    await signInLoaded();
  });

  it('signed out: one enabled action from the first render (the prerendered HTML), before and after Firebase has loaded', async () => {
    fake.holding = true;
    await show(section);
    signInButton();
    expect(status()).toBeEmptyDOMElement();
    expect(screen.queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /download/i })).not.toBeInTheDocument();
    // Loaded as soon as it was drawn, for the site's own project.
    await waitFor(() => expect(fake.created).toEqual([testSite.firebase]));
    act(() => fake.release());
    expect(screen.getAllByRole('button')).toEqual([signInButton()]);
  });

  it('signed in: the brochure is a download link with the site file name, and Logout', async () => {
    fake.user = alice;
    await show(section);

    const download = await screen.findByRole('link', { name: 'Download Brochure' });
    expect(download).toHaveAttribute('href', testSite.brochure.file);
    expect(download).toHaveAttribute('download', testSite.brochure.fileName);
    expect(screen.getByRole('button', { name: 'Logout' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: SIGN_IN })).not.toBeInTheDocument();
    expect(downloads).toEqual([]);
  });

  it('one press signs in and downloads the brochure, and the Download link takes the focus of the button it replaces', async () => {
    popupSignsInAlice();
    const user = userEvent.setup();
    await show(section);
    await waitFor(() => expect(fake.created).toHaveLength(1));
    await user.tab();
    expect(signInButton()).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(fake.login).toHaveBeenCalledTimes(1);

    const link = await screen.findByRole('link', { name: 'Download Brochure' });
    await waitFor(() => expect(downloads).toEqual([{ href: testSite.brochure.file, fileName: testSite.brochure.fileName }]));
    expect(link).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(status()).toBeEmptyDOMElement();
  });

  it('Logout calls sign-out and returns to the one signed-out action, which signs in again with one press', async () => {
    const user = userEvent.setup();
    fake.user = alice;
    await show(section);
    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    expect(fake.logout).toHaveBeenCalledTimes(1);

    act(() => fake.emit(null));
    popupSignsInAlice();
    await user.click(signInButton());
    expect(fake.login).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(downloads).toHaveLength(1));
  });

  it('a failed or cancelled sign-in is logged as "Login Error", downloads nothing and leaves the action usable', async () => {
    const error = Object.assign(new Error('Popup closed'), { code: 'auth/popup-closed-by-user' });
    fake.login.mockRejectedValue(error);
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    await show(section);
    await waitFor(() => expect(fake.created).toHaveLength(1));

    await user.click(signInButton());
    await waitFor(() => expect(consoleError).toHaveBeenCalledWith('Login Error', error));
    signInButton();
    expect(downloads).toEqual([]);
    // Nothing is shown to the visitor.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(status()).toBeEmptyDOMElement();
  });

  it('a popup the browser blocked asks for one more press, which opens it and downloads', async () => {
    const blocked = Object.assign(new Error('Popup blocked'), { code: 'auth/popup-blocked' });
    fake.login.mockRejectedValueOnce(blocked);
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    await show(section);
    await waitFor(() => expect(fake.created).toHaveLength(1));

    await user.click(signInButton());
    await waitFor(() => expect(status()).toHaveTextContent(`Sign-in is ready: press “${SIGN_IN}” again to choose your account.`));
    expect(consoleError).toHaveBeenCalledWith('Login Error', blocked);
    popupSignsInAlice();
    await user.click(signInButton());
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(status()).toBeEmptyDOMElement();
  });

  it('a failed sign-out is logged as "Logout Error" and nothing is shown', async () => {
    const error = new Error('network down');
    fake.logout.mockRejectedValue(error);
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    fake.user = alice;
    await show(section);

    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(consoleError).toHaveBeenCalledWith('Logout Error', error));
    expect(screen.getByRole('button', { name: 'Logout' })).toBeEnabled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('works without a title or text', async () => {
    await show({ type: 'brochure' });
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
    signInButton();
    await signInLoaded();
  });

  describe('a press before sign-in is ready', () => {
    it('opens the popup as soon as sign-in is ready while the press can still open a window, then downloads', async () => {
      fake.holding = true;
      popupSignsInAlice();
      const user = userEvent.setup();
      await show(section);
      await user.click(signInButton());
      // Said and announced (role=status is a polite live region); no popup yet.
      expect(status()).toHaveTextContent('Sign-in is loading…');
      expect(signInButton()).toHaveAccessibleDescription('Sign-in is loading…');
      expect(fake.login).not.toHaveBeenCalled();

      pressActive(true);
      await waitFor(() => expect(fake.created).toHaveLength(1));
      act(() => fake.release());
      expect(fake.login).toHaveBeenCalledTimes(1);
      await waitFor(() => expect(downloads).toHaveLength(1));
      expect(screen.getByRole('link', { name: 'Download Brochure' })).toBeInTheDocument();
      expect(status()).toBeEmptyDOMElement();
    });

    it('ready too late for the press: the same focused button is to be pressed again, and no popup opens on its own', async () => {
      fake.holding = true;
      const user = userEvent.setup();
      await show(section);
      await user.tab();
      const button = signInButton();
      await user.keyboard('{Enter}');
      await user.keyboard('{Enter}');
      expect(status()).toHaveTextContent('Sign-in is loading…');

      await waitFor(() => expect(fake.created).toHaveLength(1));
      act(() => fake.release());
      expect(fake.login).not.toHaveBeenCalled();
      expect(status()).toHaveTextContent(`Sign-in is ready: press “${SIGN_IN}” again to choose your account.`);
      expect(signInButton()).toBe(button);
      expect(button).toHaveFocus();

      popupSignsInAlice();
      await user.keyboard('{Enter}');
      expect(fake.login).toHaveBeenCalledTimes(1);
      await waitFor(() => expect(downloads).toHaveLength(1));
      expect(screen.getByRole('link', { name: 'Download Brochure' })).toHaveFocus();
    });

    it('a press made before the island was hydrated is served the same way: the popup once ready, then the download', async () => {
      fake.holding = true;
      popupSignsInAlice();
      await freshPage();
      const [{ IslandRoot }, { default: brochure }] = await Promise.all([import('../../src/islands/root'), import('../../src/sections/brochure/island')]);
      const props: BrochureActionsProps = { file: testSite.brochure.file, fileName: testSite.brochure.fileName, firebase: testSite.firebase };
      render(<IslandRoot island={brochure} props={props} start={{ pressedEarly: true }} />);

      // Nothing pressed in this tree: the scheduler saw the press before hydration.
      expect(await screen.findByRole('status')).toHaveTextContent('Sign-in is loading…');
      pressActive(true);
      await waitFor(() => expect(fake.created).toHaveLength(1));
      act(() => fake.release());
      expect(fake.login).toHaveBeenCalledTimes(1);
      await waitFor(() => expect(downloads).toHaveLength(1));
    });

    it('without a press, the status line stays empty while sign-in loads and nothing opens', async () => {
      fake.holding = true;
      pressActive(true);
      await show(section);
      await waitFor(() => expect(fake.created).toHaveLength(1));
      expect(status()).toBeEmptyDOMElement();
      act(() => fake.release());
      expect(status()).toBeEmptyDOMElement();
      expect(fake.login).not.toHaveBeenCalled();
    });

    it('if sign-in cannot load, the status says so after a press; pressing again tries again', async () => {
      const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      // Offline: the load when the island is drawn fails, and so does the one the press retries.
      fake.failures = 2;
      fake.holding = true;
      const user = userEvent.setup();
      await show(section);
      const button = signInButton();
      await waitFor(() => expect(consoleError).toHaveBeenCalledWith('Login Error', expect.any(Error)));
      // Nobody asked yet: nothing to say.
      expect(status()).toBeEmptyDOMElement();

      await user.click(button);
      await waitFor(() => expect(status()).toHaveTextContent('Sign-in could not load. Check your connection, then press the button again.'));
      expect(button).toHaveAccessibleDescription('Sign-in could not load. Check your connection, then press the button again.');
      expect(consoleError).toHaveBeenCalledTimes(2);

      await user.click(button);
      expect(status()).toHaveTextContent('Sign-in is loading…');
      await waitFor(() => expect(fake.created).toHaveLength(1));
      act(() => fake.release());
      expect(status()).toHaveTextContent(`Sign-in is ready: press “${SIGN_IN}” again to choose your account.`);
    });

    it('a visitor who signs in elsewhere meanwhile is not asked to press again, and nothing downloads by itself', async () => {
      fake.holding = true;
      const user = userEvent.setup();
      await show(section);
      await user.click(signInButton());
      await waitFor(() => expect(fake.created).toHaveLength(1));
      act(() => fake.emit(alice));
      expect(screen.getByRole('link', { name: 'Download Brochure' })).toBeInTheDocument();
      expect(status()).toBeEmptyDOMElement();
      expect(fake.login).not.toHaveBeenCalled();
      expect(downloads).toEqual([]);

      act(() => fake.emit(null));
      signInButton();
      expect(status()).toBeEmptyDOMElement();
    });
  });
});
