/** What a build reads, for "nothing changed": every file of pages/ and public/, whatever links they hold. */
// @vitest-environment node
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildInputs } from '../../scripts/builder/up-to-date';

const root = path.resolve(import.meta.dirname, '../..');
const work = mkdtempSync(path.join(tmpdir(), 'cesa-inputs-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function content(name: string): string {
  const dir = path.join(work, name);
  for (const file of ['pages/index.yaml', 'pages/gate/index.yaml', 'public/images/logo.svg', 'shared/photo.jpg']) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), file);
  }
  return dir;
}

describe('the inputs of a build', () => {
  it('name every file and folder of pages/ and public/ by its path with slashes', () => {
    const dir = content('plain');
    expect([...buildInputs(root, dir).stamps.keys()]).toEqual(['pages/gate', 'pages/gate/index.yaml', 'pages/index.yaml', 'public/images', 'public/images/logo.svg']);
  });

  it('change when a file changes, and stay the same when nothing does', () => {
    const dir = content('changed');
    const before = buildInputs(root, dir).hash;
    expect(buildInputs(root, dir).hash).toBe(before);
    utimesSync(path.join(dir, 'pages/gate/index.yaml'), new Date(2000, 1, 1), new Date(2000, 1, 1));
    expect(buildInputs(root, dir).hash).not.toBe(before);
  });

  it('follow a link to a folder: a change inside it is a change', () => {
    const dir = content('linked');
    symlinkSync(path.join(dir, 'shared'), path.join(dir, 'public', 'shared'));
    const before = buildInputs(root, dir);
    expect([...before.stamps.keys()]).toContain('public/shared/photo.jpg');
    writeFileSync(path.join(dir, 'shared/photo.jpg'), 'another photo');
    expect(buildInputs(root, dir).hash).not.toBe(before.hash);
  });

  it('take a link that points nowhere, or back up its own folder, as it is instead of failing or going round', () => {
    const dir = content('broken');
    symlinkSync(path.join(dir, 'nowhere.png'), path.join(dir, 'public', 'images', 'broken.png'));
    symlinkSync('..', path.join(dir, 'public', 'images', 'up'));
    symlinkSync('itself.yaml', path.join(dir, 'pages', 'itself.yaml'));
    const names = [...buildInputs(root, dir).stamps.keys()];
    expect(names).toContain('public/images/broken.png');
    expect(names).toContain('pages/itself.yaml');
    // The link back up is public/ itself, being walked: listed, not walked again.
    expect(names).toContain('public/images/up');
    expect(names.filter((name) => name.startsWith('public/images/up/'))).toEqual([]);
  });
});
