/** The drafts' content kept loaded for the few drafts used last only, and read again when asked for. */
// @tier slow: makes a git repository
// @vitest-environment node
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LoadedDrafts } from '../../editor/hosted/loaded-drafts';
import { siteRepository } from '../helpers/site-repository';

const temp = mkdtempSync(path.join(tmpdir(), 'cesa-loaded-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

describe('loaded drafts', () => {
  it('keep the content of the drafts used last only, and load a draft let go again', () => {
    const { work } = siteRepository(temp, { editors: 'editors: []\n' });
    const loaded = new LoadedDrafts(path.join(temp, 'cache'), 2);
    const first = loaded.content('a', work);
    expect(loaded.content('a', work)).toBe(first);
    loaded.content('b', work);
    loaded.content('c', work);
    expect(loaded.size).toBe(2);
    // "a" was let go: read again, with the same pages.
    const again = loaded.content('a', work);
    expect(again).not.toBe(first);
    expect(again.pages.map((page) => page.route)).toEqual(first.pages.map((page) => page.route));
    expect(loaded.size).toBe(2);
    loaded.forget('a');
    expect(loaded.size).toBe(1);
  });
});
