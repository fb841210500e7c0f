import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockAllIsIntersecting } from 'react-intersection-observer/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import type { AuthClient, AuthUser } from '../../src/auth/firebase';
import { renderSection, testSite } from '../helpers/render';

/** Stand-in for the Firebase chunk: the test decides who is signed in and what login/logout do. */
const fake = vi.hoisted(() => {
  let listener: ((user: AuthUser | null) => void) | null = null;
  return {
    user: null as AuthUser | null,
    /** While true, Firebase is loaded but has not read the stored session yet: sign-in is not ready. */
    holding: false,
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

vi.mock('../../src/auth/firebase', () => {
  const authClient: AuthClient = {
    onUserChanged: (listener) => fake.subscribe(listener),
    login: () => fake.login(),
    logout: () => fake.logout(),
  };
  return { authClient };
});

const alice: AuthUser = { uid: 'u1', name: 'Alice', email: 'alice@example.com' };
const section = { type: 'brochure', title: 'Download our brochure', text: 'Courses, fees and batches in one PDF.' };

/** Renders the panel, on screen unless told otherwise (it loads sign-in once it nears the screen). */
function show(input: unknown, { onScreen = true } = {}) {
  const rendered = renderSection(input);
  act(() => mockAllIsIntersecting(onScreen));
  return rendered;
}

/** Calls to the Firebase chunk's listener: made only once the chunk is loaded and wanted. */
let subscribed: MockInstance<typeof fake.subscribe>;

beforeEach(() => {
  window.localStorage.clear();
  subscribed = vi.spyOn(fake, 'subscribe');
  fake.user = null;
  fake.holding = false;
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
  it('shows its title and text', () => {
    show(section);
    expect(screen.getByRole('region', { name: 'Download our brochure' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Download our brochure' })).toBeInTheDocument();
    expect(screen.getByText('Courses, fees and batches in one PDF.')).toBeInTheDocument();
  });

  it('renders signed out with Login unavailable (aria-disabled) until Firebase has loaded, then enables Login', async () => {
    show(section);
    // First render = the prerendered HTML: signed out, nothing read from auth yet.
    expectUnavailable(screen.getByRole('button', { name: 'Login' }));
    expect(status()).toBeEmptyDOMElement();
    expect(screen.getByRole('button', { name: 'Login to Download' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /download/i })).not.toBeInTheDocument();

    await loginEnabled();
    expect(screen.getByRole('button', { name: 'Login to Download' })).toBeDisabled();
  });

  it('signed in: Logout instead of Login, and the brochure is a download link with the site file name', async () => {
    fake.user = alice;
    show(section);

    const download = await screen.findByRole('link', { name: 'Download Brochure' });
    expect(download).toHaveAttribute('href', testSite.brochure.file);
    expect(download).toHaveAttribute('download', testSite.brochure.fileName);
    expect(screen.getByRole('button', { name: 'Logout' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Login' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Login to Download' })).not.toBeInTheDocument();
  });

  it('Login starts sign-in, and the view follows the new user', async () => {
    const user = userEvent.setup();
    show(section);
    await user.click(await loginEnabled());
    expect(fake.login).toHaveBeenCalledTimes(1);

    act(() => fake.emit(alice));
    expect(screen.getByRole('link', { name: 'Download Brochure' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it('Logout calls sign-out and returns to the signed-out view', async () => {
    const user = userEvent.setup();
    fake.user = alice;
    show(section);
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
    show(section);

    await user.click(await loginEnabled());
    await waitFor(() => expect(consoleError).toHaveBeenCalledWith('Login Error', error));
    expectAvailable(screen.getByRole('button', { name: 'Login' }));
    expect(screen.getByRole('button', { name: 'Login to Download' })).toBeDisabled();
    // Nothing is shown to the visitor.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('a failed sign-out is logged as "Logout Error" and nothing is shown', async () => {
    const error = new Error('network down');
    fake.logout.mockRejectedValue(error);
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    fake.user = alice;
    show(section);

    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(consoleError).toHaveBeenCalledWith('Logout Error', error));
    expect(screen.getByRole('button', { name: 'Logout' })).toBeEnabled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('works without a title or text', async () => {
    show({ type: 'brochure' });
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
    await loginEnabled();
  });

  describe('keyboard and screen reader', () => {
    it('Tab reaches Login before sign-in is ready, and reaching it starts loading Firebase at once', async () => {
      fake.holding = true;
      const user = userEvent.setup();
      // Far from the screen: nothing would load on its own.
      show(section, { onScreen: false });
      await user.tab();
      const login = screen.getByRole('button', { name: 'Login' });
      expect(login).toHaveFocus();
      expectUnavailable(login);

      await waitFor(() => expect(subscribed).toHaveBeenCalledTimes(1));
      act(() => fake.release());
      await loginEnabled();
      expect(login).toHaveFocus();
    });

    it('pointing at Login starts the load too', async () => {
      const user = userEvent.setup();
      show(section, { onScreen: false });
      await user.hover(screen.getByRole('button', { name: 'Login' }));
      await waitFor(() => expect(subscribed).toHaveBeenCalledTimes(1));
      await loginEnabled();
    });

    it('Enter before sign-in is ready says it is loading; once ready the focused button says "Sign in with Google" and one more Enter opens the popup', async () => {
      fake.holding = true;
      const user = userEvent.setup();
      show(section, { onScreen: false });
      await user.tab();
      const login = screen.getByRole('button', { name: 'Login' });
      expect(login).toHaveFocus();

      await user.keyboard('{Enter}');
      // Not lost: shown and announced (role=status is a polite live region), and no popup yet.
      expect(status()).toHaveTextContent('Sign-in is loading…');
      expect(login).toHaveAccessibleDescription('Sign-in is loading…');
      expect(fake.login).not.toHaveBeenCalled();
      expect(login).toHaveFocus();
      expectUnavailable(login);

      // Firebase has read the stored session: ready.
      await waitFor(() => expect(subscribed).toHaveBeenCalled());
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

    it('a click before sign-in is ready is remembered the same way, and more presses while loading change nothing', async () => {
      fake.holding = true;
      const consoleError = vi.spyOn(console, 'error');
      const user = userEvent.setup();
      show(section);
      const login = screen.getByRole('button', { name: 'Login' });
      await user.click(login);
      await user.click(login);
      expect(status()).toHaveTextContent('Sign-in is loading…');
      expect(fake.login).not.toHaveBeenCalled();

      await waitFor(() => expect(subscribed).toHaveBeenCalled());
      act(() => fake.release());
      await user.click(screen.getByRole('button', { name: 'Sign in with Google' }));
      expect(fake.login).toHaveBeenCalledTimes(1);
      expect(consoleError).not.toHaveBeenCalled();
    });

    it('a visitor who signs in elsewhere meanwhile is not asked to press again', async () => {
      fake.holding = true;
      const user = userEvent.setup();
      show(section);
      await user.click(screen.getByRole('button', { name: 'Login' }));
      await waitFor(() => expect(subscribed).toHaveBeenCalled());
      act(() => fake.emit(alice));
      expect(screen.getByRole('link', { name: 'Download Brochure' })).toBeInTheDocument();
      expect(status()).toBeEmptyDOMElement();

      act(() => fake.emit(null));
      expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
      expect(status()).toBeEmptyDOMElement();
    });
  });

  describe('loading sign-in', () => {
    it('loads nothing while the panel is far from the screen, then enables Login as it nears', async () => {
      show(section, { onScreen: false });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(subscribed).not.toHaveBeenCalled();
      expectUnavailable(screen.getByRole('button', { name: 'Login' }));

      act(() => mockAllIsIntersecting(true));
      await loginEnabled();
      expect(subscribed).toHaveBeenCalledTimes(1);
    });

    it('loads at once for a visitor signed in last time, so the download is back without scrolling', async () => {
      fake.user = alice;
      show(section);
      await screen.findByRole('link', { name: 'Download Brochure' });
      cleanup();

      show(section, { onScreen: false });
      expect(await screen.findByRole('link', { name: 'Download Brochure' })).toBeInTheDocument();
    });

    it('forgets that after a sign-out', async () => {
      fake.user = alice;
      show(section);
      await screen.findByRole('link', { name: 'Download Brochure' });
      act(() => fake.emit(null));
      cleanup();
      subscribed.mockClear();

      show(section, { onScreen: false });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(subscribed).not.toHaveBeenCalled();
    });
  });
});
