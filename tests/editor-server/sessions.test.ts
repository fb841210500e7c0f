/** The hosted editor's sessions: kept over a restart, stored without the cookie's value, ended by time. */
// @vitest-environment node
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { IDLE_MS, MAX_MS, MAX_PER_ACCOUNT, SessionStore } from '../../editor/hosted/sessions';

const temp = mkdtempSync(path.join(tmpdir(), 'cesa-sessions-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

const account = { uid: 'uid-asha', email: 'asha.editor@example.com' };

describe('sessions', () => {
  it('survive a restart, and the file does not hold what the cookie holds', () => {
    const file = path.join(temp, 'a/sessions.json');
    const id = new SessionStore(file).create(account);
    expect(id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(readFileSync(file, 'utf8')).not.toContain(id);
    expect(new SessionStore(file).get(id)).toMatchObject(account);
    expect(new SessionStore(file).get(`${id}x`)).toBeUndefined();
  });

  it('end after 8 hours without a request, and 12 hours after sign-in whatever happens', () => {
    let now = 1_000_000;
    const store = new SessionStore(path.join(temp, 'b/sessions.json'), () => now);
    const idle = store.create(account);
    now += IDLE_MS + 1;
    expect(store.get(idle)).toBeUndefined();
    const busy = store.create(account);
    for (let hour = 1; hour <= 12; hour++) {
      now += 60 * 60 * 1000;
      const alive = store.get(busy);
      if (hour * 60 * 60 * 1000 <= MAX_MS) expect(alive, `hour ${hour}`).toBeDefined();
    }
    now += 1;
    expect(store.get(busy)).toBeUndefined();
  });

  it('end at sign-out', () => {
    const store = new SessionStore(path.join(temp, 'c/sessions.json'));
    const id = store.create(account);
    store.delete(id);
    expect(store.get(id)).toBeUndefined();
  });

  it('are at most 20 per account: signing in again and again ends the oldest, not the newest', () => {
    let now = 1_000_000;
    const store = new SessionStore(path.join(temp, 'd/sessions.json'), () => now);
    const ids = Array.from({ length: 200 }, () => ((now += 1000), store.create(account)));
    const other = store.create({ uid: 'uid-ravi', email: 'ravi.editor@example.com' });
    expect(store.size).toBe(MAX_PER_ACCOUNT + 1);
    expect(ids.slice(-MAX_PER_ACCOUNT).every((id) => store.get(id) !== undefined)).toBe(true);
    expect(store.get(ids[0])).toBeUndefined();
    expect(store.get(other)).toMatchObject({ email: 'ravi.editor@example.com' });
  });
});
