/**
 * The brochure section with its island drawn live in the React tree (as in the editor's preview):
 * the island loads Firebase as soon as it is drawn (hydrated, on the site), so these tests hold
 * Firebase (`fake.holding`: loaded, stored session not read yet) or make it fail to see the states
 * before sign-in is ready. Each test draws a fresh copy of the page's modules: the sign-in session
 * (src/auth/session.ts) is module state, one per page.
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

beforeEach(() => {
  window.localStorage.clear();
  fake.user = null;
  fake.holding = false;
  fake.failures = 0;
  fake.created = [];
  fake.login.mockReset().mockResolvedValue(undefined);
  fake.logout.mockReset().mockResolvedValue(undefined);
});

afterEach(() => vi.restoreAllMocks());

/**
 * Login is never `disabled` (that would take it out of the Tab order): until sign-in is ready it is
 * `aria-disabled`, which screen readers announce as unavailable and the page greys out.
 */
function expectUnavailable(button: HTMLElement) {
  expect(button).toHaveAttribute('aria-disabled', 'true');
  expect(button).not.toBeDisabled();
}

function expectAvailable(button: HTMLElement) {
  expect(button).toBeEnabled();
  expect(button).not.toHaveAttribute('aria-disabled');
}

async function loginEnabled() {
  const login = screen.getByRole('button', { name: 'Login' });
  await waitFor(() => expectAvailable(login));
  return login;
}

const status = () => screen.getByRole('status');

describe('Brochure', () => {
  it('shows its title and text, and a line for visitors without JavaScript', async () => {
    const { container } = await show(section);
    expect(screen.getByRole('region', { name: 'Download our brochure' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Download our brochure' })).toBeInTheDocument();
    expect(screen.getByText('Courses, fees and batches in one PDF.')).toBeInTheDocument();
    // Shown only by the stylesheet's `(scripting: none)` rule; in the HTML always.
    expect(screen.getByText(/^Signing in needs JavaScript/)).toHaveTextContent(
      'Signing in needs JavaScript: turn it on in your browser to download the brochure.',
    );
    // The buttons are the island, drawn live here (no placeholder, no props block).
    expect(container.querySelector('cesa-island[data-island="brochure"]')).toContainElement(screen.getByRole('button', { name: 'Login' }));
    expect(container.querySelector('script')).toBeNull();
    await loginEnabled();
  });

  it('renders signed out with Login unavailable (aria-disabled) until Firebase has loaded, then enables Login', async () => {
    await show(section);
    // First render = the prerendered HTML: signed out, nothing read from auth yet.
    expectUnavailable(screen.getByRole('button', { name: 'Login' }));
    expect(status()).toBeEmptyDOMElement();
    expect(screen.getByRole('button', { name: 'Login to Download' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /download/i })).not.toBeInTheDocument();

    await loginEnabled();
    expect(screen.getByRole('button', { name: 'Login to Download' })).toBeDisabled();
    // Loaded as soon as it was drawn, for the site's own project.
    expect(fake.created).toEqual([testSite.firebase]);
  });

  it('signed in: Logout instead of Login, and the brochure is a download link with the site file name', async () => {
    fake.user = alice;
    await show(section);

    const download = await screen.findByRole('link', { name: 'Download Brochure' });
    expect(download).toHaveAttribute('href', testSite.brochure.file);
    expect(download).toHaveAttribute('download', testSite.brochure.fileName);
    expect(screen.getByRole('button', { name: 'Logout' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Login' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Login to Download' })).not.toBeInTheDocument();
  });

  it('Login starts sign-in, and the view follows the new user', async () => {
    const user = userEvent.setup();
    await show(section);
    await user.click(await loginEnabled());
    expect(fake.login).toHaveBeenCalledTimes(1);

    act(() => fake.emit(alice));
    expect(screen.getByRole('link', { name: 'Download Brochure' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it('Logout calls sign-out and returns to the signed-out view', async () => {
    const user = userEvent.setup();
    fake.user = alice;
    await show(section);
    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    expect(fake.logout).toHaveBeenCalledTimes(1);

    act(() => fake.emit(null));
    expect(screen.getByRole('button', { name: 'Login to Download' })).toBeDisabled();
    expectAvailable(screen.getByRole('button', { name: 'Login' }));
  });

  it('a failed or cancelled sign-in is logged as "Login Error" and leaves Login usable', async () => {
    const error = Object.assign(new Error('Popup closed'), { code: 'auth/popup-closed-by-user' });
    fake.login.mockRejectedValue(error);
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    await show(section);

    await user.click(await loginEnabled());
    await waitFor(() => expect(consoleError).toHaveBeenCalledWith('Login Error', error));
    expectAvailable(screen.getByRole('button', { name: 'Login' }));
    expect(screen.getByRole('button', { name: 'Login to Download' })).toBeDisabled();
    // Nothing is shown to the visitor.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
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
    await loginEnabled();
  });

  describe('a press before sign-in is ready', () => {
    it('Enter says it is loading; once ready the focused button says "Sign in with Google" and one more Enter opens the popup', async () => {
      fake.holding = true;
      const user = userEvent.setup();
      await show(section);
      await user.tab();
      const login = screen.getByRole('button', { name: 'Login' });
      expect(login).toHaveFocus();
      expectUnavailable(login);

      await user.keyboard('{Enter}');
      // Not lost: shown and announced (role=status is a polite live region), and no popup yet.
      expect(status()).toHaveTextContent('Sign-in is loading…');
      expect(login).toHaveAccessibleDescription('Sign-in is loading…');
      expect(fake.login).not.toHaveBeenCalled();
      expect(login).toHaveFocus();
      expectUnavailable(login);

      // Firebase has read the stored session: ready.
      await waitFor(() => expect(fake.created).toHaveLength(1));
      act(() => fake.release());
      const signIn = screen.getByRole('button', { name: 'Sign in with Google' });
      expect(signIn).toBe(login);
      expect(signIn).toHaveFocus();
      expectAvailable(signIn);
      expect(status()).toHaveTextContent('Sign-in is ready: press “Sign in with Google” to choose your account.');
      expect(fake.login).not.toHaveBeenCalled();

      await user.keyboard('{Enter}');
      expect(fake.login).toHaveBeenCalledTimes(1);
      expect(screen.getByRole('button', { name: 'Login' })).toHaveFocus();
      expect(status()).toBeEmptyDOMElement();

      act(() => fake.emit(alice));
      expect(screen.getByRole('link', { name: 'Download Brochure' })).toBeInTheDocument();
    });

    it('a click is remembered the same way, and more presses while loading change nothing', async () => {
      fake.holding = true;
      const consoleError = vi.spyOn(console, 'error');
      const user = userEvent.setup();
      await show(section);
      const login = screen.getByRole('button', { name: 'Login' });
      await user.click(login);
      await user.click(login);
      expect(status()).toHaveTextContent('Sign-in is loading…');
      expect(fake.login).not.toHaveBeenCalled();

      await waitFor(() => expect(fake.created).toHaveLength(1));
      act(() => fake.release());
      await user.click(screen.getByRole('button', { name: 'Sign in with Google' }));
      expect(fake.login).toHaveBeenCalledTimes(1);
      expect(consoleError).not.toHaveBeenCalled();
    });

    it('a press made before the island was hydrated counts as the first press: loading, then "Sign in with Google", no popup on its own', async () => {
      fake.holding = true;
      const user = userEvent.setup();
      await freshPage();
      const [{ IslandRoot }, { default: brochure }] = await Promise.all([import('../../src/islands/root'), import('../../src/sections/brochure/island')]);
      const props: BrochureActionsProps = { file: testSite.brochure.file, fileName: testSite.brochure.fileName, firebase: testSite.firebase };
      render(<IslandRoot island={brochure} props={props} start={{ pressedEarly: true }} />);

      // Nothing pressed in this tree: the scheduler saw the press before hydration.
      expect(await screen.findByRole('status')).toHaveTextContent('Sign-in is loading…');
      expectUnavailable(screen.getByRole('button', { name: 'Login' }));

      await waitFor(() => expect(fake.created).toHaveLength(1));
      act(() => fake.release());
      expect(status()).toHaveTextContent('Sign-in is ready: press “Sign in with Google” to choose your account.');
      expect(fake.login).not.toHaveBeenCalled();

      await user.click(screen.getByRole('button', { name: 'Sign in with Google' }));
      expect(fake.login).toHaveBeenCalledTimes(1);
    });

    it('without a press before hydration, the status line stays empty while sign-in loads', async () => {
      fake.holding = true;
      await show(section);
      await waitFor(() => expect(fake.created).toHaveLength(1));
      expect(status()).toBeEmptyDOMElement();
      expectUnavailable(screen.getByRole('button', { name: 'Login' }));
      act(() => fake.release());
      await loginEnabled();
      expect(status()).toBeEmptyDOMElement();
    });

    it('if sign-in cannot load, the status says so after a press; pressing Login again tries again', async () => {
      const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      // Offline: the load when the island is drawn fails, and so does the one the press retries.
      fake.failures = 2;
      fake.holding = true;
      const user = userEvent.setup();
      await show(section);
      const login = screen.getByRole('button', { name: 'Login' });
      await waitFor(() => expect(consoleError).toHaveBeenCalledWith('Login Error', expect.any(Error)));
      // Nobody asked yet: nothing to say.
      expect(status()).toBeEmptyDOMElement();
      expectUnavailable(login);

      await user.click(login);

      await waitFor(() => expect(status()).toHaveTextContent('Sign-in could not load. Check your connection, then press Login to try again.'));
      expect(login).toHaveAccessibleDescription('Sign-in could not load. Check your connection, then press Login to try again.');
      expectUnavailable(login);
      expect(consoleError).toHaveBeenCalledTimes(2);

      await user.click(login);
      expect(status()).toHaveTextContent('Sign-in is loading…');
      await waitFor(() => expect(fake.created).toHaveLength(1));
      act(() => fake.release());
      expect(screen.getByRole('button', { name: 'Sign in with Google' })).toBe(login);
    });

    it('a visitor who signs in elsewhere meanwhile is not asked to press again', async () => {
      fake.holding = true;
      const user = userEvent.setup();
      await show(section);
      await user.click(screen.getByRole('button', { name: 'Login' }));
      await waitFor(() => expect(fake.created).toHaveLength(1));
      act(() => fake.emit(alice));
      expect(screen.getByRole('link', { name: 'Download Brochure' })).toBeInTheDocument();
      expect(status()).toBeEmptyDOMElement();

      act(() => fake.emit(null));
      expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
      expect(status()).toBeEmptyDOMElement();
    });
  });
});
