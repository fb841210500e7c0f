/**
 * useAuth(web) and the page's session store (src/auth/session.ts) on their own, with the Firebase
 * chunk's import held open or failing (tests/sections/brochure.test.tsx drives them through the
 * brochure island): nothing loads until asked; a press that comes before the chunk is remembered;
 * a chunk that fails to load is said and tried again on the next press; every island of the page
 * shares one session; the first render (server, hydration) is always signed out.
 */
import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthClient, AuthUser } from '../../src/auth/firebase';
import type { FirebaseWebConfig } from '../../src/content/site-schema';

const web: FirebaseWebConfig = { apiKey: 'test-key', authDomain: 'cesa-test.firebaseapp.com', projectId: 'cesa-test' };
const alice: AuthUser = { uid: 'u1', name: 'Alice', email: 'alice@example.com' };

/** The stand-in Firebase chunk: its import waits for `gate`, `failNext` makes the next import fail like a network error. */
const chunk = {
  failNext: false,
  imports: 0,
  open: (): void => undefined,
  gate: Promise.resolve(),
  /** The projects a client was created for. */
  created: [] as FirebaseWebConfig[],
  /** The user Firebase reports once it has read the stored session. */
  user: null as AuthUser | null,
  listener: null as ((user: AuthUser | null) => void) | null,
  login: vi.fn<() => Promise<void>>(),
  logout: vi.fn<() => Promise<void>>(),
  hold() {
    chunk.gate = new Promise<void>((resolve) => {
      chunk.open = resolve;
    });
  },
  emit(user: AuthUser | null) {
    chunk.user = user;
    chunk.listener?.(user);
  },
};

/** The mocked chunk: each import of it counts, waits for the gate, and may fail. */
async function importChunk(): Promise<{ createAuthClient: (web: FirebaseWebConfig) => AuthClient }> {
  chunk.imports += 1;
  await chunk.gate;
  if (chunk.failNext) {
    chunk.failNext = false;
    throw new TypeError('Failed to fetch dynamically imported module');
  }
  return {
    createAuthClient(config) {
      chunk.created.push(config);
      return {
        onUserChanged(listener) {
          chunk.listener = listener;
          listener(chunk.user);
          return () => undefined;
        },
        login: () => chunk.login(),
        logout: () => chunk.logout(),
      };
    },
  };
}

/**
 * Fresh copies of use-auth.ts and session.ts (the session is module state, one per page), whose
 * import of the chunk goes through `importChunk` every time it is attempted.
 */
async function fresh() {
  vi.resetModules();
  vi.doMock('../../src/auth/firebase', importChunk);
  const [{ useAuth }, session] = await Promise.all([import('../../src/auth/use-auth'), import('../../src/auth/session')]);
  return { useAuth, SIGNED_IN_HINT: session.SIGNED_IN_HINT, startSession: session.startSession };
}

beforeEach(() => {
  window.localStorage.clear();
  chunk.failNext = false;
  chunk.imports = 0;
  chunk.gate = Promise.resolve();
  chunk.created = [];
  chunk.user = null;
  chunk.listener = null;
  chunk.login.mockReset().mockResolvedValue(undefined);
  chunk.logout.mockReset().mockResolvedValue(undefined);
});

afterEach(() => {
  vi.doUnmock('../../src/auth/firebase');
  vi.restoreAllMocks();
});

describe('useAuth before Firebase has loaded', () => {
  it('starts signed out and not ready, and loads nothing until asked', async () => {
    const { useAuth, startSession } = await fresh();
    // Fake timers: whatever the hook might schedule (a load once idle, after a delay) runs below, at once.
    vi.useFakeTimers();
    try {
      const { result } = renderHook(() => useAuth(web));
      expect(result.current).toMatchObject({ ready: false, pending: false, failed: false, user: null });
      await act(() => vi.runAllTimersAsync());
    } finally {
      vi.useRealTimers();
    }
    expect(chunk.imports).toBe(0);
    // A load is started at once when asked (the chunk's import itself comes later), and the page has
    // one: had the hook started one, this ask would start none and the client made would be the
    // hook's. The ask's is the only one.
    const asked: FirebaseWebConfig = { ...web, projectId: 'asked-for' };
    startSession(asked);
    await waitFor(() => expect(chunk.created).toHaveLength(1));
    expect(chunk.created).toEqual([asked]);
    expect(chunk.imports).toBe(1);
  });

  it('login() is remembered as pending and loads Firebase at once; it signs in only on the next call', async () => {
    const { useAuth } = await fresh();
    chunk.hold();
    const { result } = renderHook(() => useAuth(web));

    act(() => result.current.login());
    expect(result.current).toMatchObject({ ready: false, pending: true });
    await waitFor(() => expect(chunk.imports).toBe(1));
    expect(chunk.login).not.toHaveBeenCalled();

    await act(async () => {
      chunk.open();
      await chunk.gate;
    });
    await waitFor(() => expect(result.current.ready).toBe(true));
    // Still pending: the popup was not opened outside the press.
    expect(result.current.pending).toBe(true);
    expect(chunk.login).not.toHaveBeenCalled();

    act(() => result.current.login());
    expect(chunk.login).toHaveBeenCalledTimes(1);
    expect(result.current.pending).toBe(false);
  });

  it('prepare() loads Firebase at once, once, for the project the island was given', async () => {
    const { useAuth } = await fresh();
    const { result } = renderHook(() => useAuth(web));
    act(() => result.current.prepare());
    await waitFor(() => expect(result.current.ready).toBe(true));
    act(() => result.current.prepare());
    expect(chunk.imports).toBe(1);
    expect(chunk.created).toEqual([web]);
    expect(result.current.pending).toBe(false);
  });

  it('a chunk that fails to load is logged and reported as failed; the next press tries again', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { useAuth } = await fresh();
    chunk.failNext = true;
    const { result } = renderHook(() => useAuth(web));

    act(() => result.current.login());
    await waitFor(() => expect(result.current.failed).toBe(true));
    expect(result.current).toMatchObject({ ready: false, pending: true });
    // (Vitest wraps the failed import of a mocked module in an Error of its own.)
    expect(consoleError).toHaveBeenCalledWith('Login Error', expect.any(Error));

    act(() => result.current.login());
    expect(result.current).toMatchObject({ pending: true, failed: false });
    await waitFor(() => expect(result.current.ready).toBe(true));
    expect(chunk.imports).toBe(2);
    expect(chunk.login).not.toHaveBeenCalled();
  });

  it('a visitor who signs in while a press is pending is no longer pending', async () => {
    const { useAuth } = await fresh();
    chunk.hold();
    const { result } = renderHook(() => useAuth(web));
    act(() => result.current.login());
    await act(async () => {
      chunk.open();
      await chunk.gate;
    });
    await waitFor(() => expect(result.current.ready).toBe(true));
    expect(result.current.pending).toBe(true);

    act(() => chunk.emit(alice));
    expect(result.current).toMatchObject({ user: alice, pending: false });
  });
});

describe('the session of the page', () => {
  /** An island that shows who is signed in, drawn with a given copy of useAuth. */
  const islandWith = (useAuth: Awaited<ReturnType<typeof fresh>>['useAuth']) =>
    function Who({ label }: { label: string }) {
      const { user, ready } = useAuth(web);
      return <p>{`${label}: ${!ready ? 'loading' : user ? `signed in as ${user.name}` : 'signed out'}`}</p>;
    };

  it('is one for every island of the page (separate React roots), with one Firebase client', async () => {
    const { useAuth } = await fresh();
    const Who = islandWith(useAuth);
    // Two islands: two roots, as the browser hydrates them.
    render(<Who label="first" />);
    render(<Who label="second" />);
    const first = renderHook(() => useAuth(web));
    act(() => first.result.current.prepare());
    await screen.findByText('first: signed out');
    expect(screen.getByText('second: signed out')).toBeInTheDocument();

    act(() => chunk.emit(alice));
    expect(screen.getByText('first: signed in as Alice')).toBeInTheDocument();
    expect(screen.getByText('second: signed in as Alice')).toBeInTheDocument();
    expect(chunk.imports).toBe(1);
    expect(chunk.created).toHaveLength(1);
  });

  it('renders signed out on the server (what hydration starts from) even when the browser session is signed in', async () => {
    const { useAuth } = await fresh();
    const Who = islandWith(useAuth);
    chunk.user = alice;
    const { result } = renderHook(() => useAuth(web));
    act(() => result.current.prepare());
    await waitFor(() => expect(result.current.user).toEqual(alice));

    expect(renderToString(<Who label="island" />)).toContain('island: loading');
    render(<Who label="live" />);
    expect(screen.getByText('live: signed in as Alice')).toBeInTheDocument();
  });

  it('remembers a signed-in visitor in localStorage (the hint that hydrates the island early) and forgets a signed-out one', async () => {
    const { useAuth, SIGNED_IN_HINT } = await fresh();
    expect(SIGNED_IN_HINT).toBe('cesa:signed-in');
    chunk.user = alice;
    const { result } = renderHook(() => useAuth(web));
    act(() => result.current.prepare());
    await waitFor(() => expect(result.current.user).toEqual(alice));
    expect(window.localStorage.getItem(SIGNED_IN_HINT)).not.toBeNull();

    act(() => result.current.logout());
    expect(chunk.logout).toHaveBeenCalledTimes(1);
    act(() => chunk.emit(null));
    expect(result.current.user).toBeNull();
    expect(window.localStorage.getItem(SIGNED_IN_HINT)).toBeNull();
  });

  it('a failed sign-in or sign-out is logged and changes nothing', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { useAuth } = await fresh();
    const { result } = renderHook(() => useAuth(web));
    act(() => result.current.prepare());
    await waitFor(() => expect(result.current.ready).toBe(true));

    const popupClosed = new Error('Popup closed');
    chunk.login.mockRejectedValue(popupClosed);
    act(() => result.current.login());
    await waitFor(() => expect(consoleError).toHaveBeenCalledWith('Login Error', popupClosed));
    expect(result.current).toMatchObject({ ready: true, pending: false, failed: false, user: null });

    act(() => chunk.emit(alice));
    const offline = new Error('network down');
    chunk.logout.mockRejectedValue(offline);
    act(() => result.current.logout());
    await waitFor(() => expect(consoleError).toHaveBeenCalledWith('Logout Error', offline));
    expect(result.current.user).toEqual(alice);
  });
});
