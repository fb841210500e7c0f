/**
 * The build writes everything the site is, its hosting rules included: firebase.json's text comes
 * from the content the build validated (returned, and written where the caller says), stays right
 * when a build finds nothing changed, and follows the content when it changes.
 */
// @vitest-environment node
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadContent } from '../../src/content/load';
import { buildSite, removalsDone } from '../../scripts/builder/site-build';
import { firebaseJsonText } from '../../scripts/hosting/firebase-json';

const root = path.resolve(import.meta.dirname, '../..');
const work = mkdtempSync(path.join(tmpdir(), 'cesa-hosting-rules-'));
const contentRoot = path.join(work, 'site');
const outDir = path.join(work, 'dist');
const hostingFile = path.join(work, 'firebase.json');
for (const dir of ['pages', 'public']) cpSync(path.join(root, dir), path.join(contentRoot, dir), { recursive: true });

afterAll(async () => {
  await removalsDone();
  rmSync(work, { recursive: true, force: true });
});

/** What firebase.json must say: made from the content loaded the ordinary way. */
function expected(): string {
  const content = loadContent({ root: contentRoot });
  expect(content.errors).toEqual([]);
  return firebaseJsonText({ ...content, site: content.site! });
}

const build = () => buildSite({ root, today: '2027-01-11', contentRoot, outDir, hostingFile, onWait: () => undefined });

describe('the hosting rules of a build', () => {
  it('are returned and written where the caller says, as the content gives them', async () => {
    const result = await build();
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    expect(result.hosting).toBe(expected());
    expect(result.hostingWritten).toBe(true);
    expect(readFileSync(hostingFile, 'utf8')).toBe(result.hosting);
  }, 180_000);

  it('are written again by a build that finds nothing changed, when the file was edited by hand', async () => {
    writeFileSync(hostingFile, '{}\n');
    const result = await build();
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    expect(result.files.made).toBe(0);
    expect(result.hostingWritten).toBe(true);
    expect(readFileSync(hostingFile, 'utf8')).toBe(expected());
    const again = await build();
    expect(again.ok && again.hostingWritten).toBe(false);
  }, 180_000);

  it('follow the content: a new alias is a new redirect, a map is a frame source', async () => {
    const page = path.join(contentRoot, 'pages/faculty.yaml');
    writeFileSync(page, readFileSync(page, 'utf8').replace('aliases: [/Faculty]', 'aliases: [/Faculty, /teachers]'));
    const contact = path.join(contentRoot, 'pages/contact.yaml');
    writeFileSync(contact, readFileSync(contact, 'utf8').replace(/(\n\s+src: )(["']?)https:\/\/[^/"'\s]+/, '$1$2https://maps.example.org'));
    const result = await build();
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    const rules = JSON.parse(readFileSync(hostingFile, 'utf8')) as { hosting: { redirects: { source: string }[]; headers: { headers: { key: string; value: string }[] }[] } };
    expect(rules.hosting.redirects.map((redirect) => redirect.source)).toContain('/teachers');
    const policy = rules.hosting.headers.flatMap((rule) => rule.headers).find((header) => header.key === 'Content-Security-Policy')!.value;
    expect(policy).toMatch(/frame-src [^;]*https:\/\/maps\.example\.org/);
    expect(result.hosting).toBe(expected());
  }, 180_000);
});
