/**
 * useAuth on its own, with the Firebase chunk's import held open or failing (the panel tests in
 * tests/sections/brochure.test.tsx load it at once): a press that comes before the chunk is
 * remembered, and a chunk that fails to load is said and tried again on the next press.
 */
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthClient, AuthUser } from '../../src/auth/firebase';

/** The import of the chunk waits for `gate`; `failNext` makes the next one fail like a network error. */
const chunk = {
  failNext: false,
  imports: 0,
  open: (): void => undefined,
  gate: Promise.resolve(),
  login: vi.fn<() => Promise<void>>(),
  hold() {
    chunk.gate = new Promise<void>((resolve) => {
      chunk.open = resolve;
    });
  },
};

/** The mocked chunk: each import of it counts, waits for the gate, and may fail. */
async function importChunk(): Promise<{ authClient: AuthClient }> {
  chunk.imports += 1;
  await chunk.gate;
  if (chunk.failNext) {
    chunk.failNext = false;
    throw new TypeError('Failed to fetch dynamically imported module');
  }
  const authClient: AuthClient = {
    onUserChanged(listener: (user: AuthUser | null) => void) {
      listener(null);
      return () => undefined;
    },
    login: () => chunk.login(),
    logout: () => Promise.resolve(),
  };
  return { authClient };
}

/**
 * A fresh copy of use-auth.ts (its cached chunk promise is module state), whose import of the
 * chunk goes through `importChunk` every time it is attempted (a failed import is not cached).
 */
async function freshUseAuth() {
  vi.resetModules();
  vi.doMock('../../src/auth/firebase', importChunk);
  return (await import('../../src/auth/use-auth')).useAuth;
}

beforeEach(() => {
  window.localStorage.clear();
  chunk.failNext = false;
  chunk.imports = 0;
  chunk.gate = Promise.resolve();
  chunk.login.mockReset().mockResolvedValue(undefined);
});

afterEach(() => vi.restoreAllMocks());

describe('useAuth before Firebase has loaded', () => {
  it('login() is remembered as pending and loads Firebase at once; it signs in only on the next call', async () => {
    const useAuth = await freshUseAuth();
    chunk.hold();
    const { result } = renderHook(() => useAuth(false));
    expect(result.current).toMatchObject({ ready: false, pending: false, failed: false });
    expect(chunk.imports).toBe(0);

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

  it('prepare() loads Firebase at once, without waiting for the panel or for idle time', async () => {
    const useAuth = await freshUseAuth();
    const { result } = renderHook(() => useAuth(false));
    act(() => result.current.prepare());
    await waitFor(() => expect(result.current.ready).toBe(true));
    act(() => result.current.prepare());
    expect(chunk.imports).toBe(1);
    expect(result.current.pending).toBe(false);
  });

  it('a chunk that fails to load is logged and reported as failed; the next press tries again', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const useAuth = await freshUseAuth();
    chunk.failNext = true;
    const { result } = renderHook(() => useAuth(false));

    act(() => result.current.login());
    await waitFor(() => expect(result.current.failed).toBe(true));
    expect(result.current).toMatchObject({ ready: false, pending: true });
    expect(consoleError).toHaveBeenCalledWith('Login Error', expect.any(Error));

    act(() => result.current.login());
    expect(result.current).toMatchObject({ pending: true, failed: false });
    await waitFor(() => expect(result.current.ready).toBe(true));
    expect(chunk.imports).toBe(2);
    expect(chunk.login).not.toHaveBeenCalled();
  });
});
