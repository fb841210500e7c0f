/**
 * Which link-preview card each page gets (scripts/builder/social.ts): one file per thing a card says,
 * however many pages say it, and another file for anything else, however its words are split
 * between the title and the line under it.
 */
// @tier slow: draws title cards with sharp
// @vitest-environment node
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';
import { afterAll, describe, expect, it } from 'vitest';
import { makeSharedMedia, type CardSpec } from '../../scripts/builder/social';
import { SOCIAL_DIR } from '../../src/content/routes';
import { SiteSchema } from '../../src/content/site-schema';

const root = path.resolve(import.meta.dirname, '../..');
const site = SiteSchema.parse(parse(readFileSync(path.join(root, 'pages/_site.yaml'), 'utf8')));
const cacheDir = mkdtempSync(path.join(tmpdir(), 'cesa-cards-'));
afterAll(() => rmSync(cacheDir, { recursive: true, force: true }));

const title = (words: string, subtitle?: string): CardSpec => ({ kind: 'title', title: words, subtitle, alt: words });

describe('the link cards of a build', () => {
  const cards = new Map<string, CardSpec>([
    ['/steel', title('Tekla Steel', '30 hours')],
    ['/steel-again', title('Tekla Steel', '30 hours')],
    ['/steel-split', title('Tekla Steel 30', 'hours')],
    ['/steel-alone', title('Tekla Steel')],
    ['/quoted', title('Revit "Architecture" — 2025 \\ batch', 'Pune, Jaipur')],
    ['/logo-picture', { kind: 'picture', src: site.logo.src, alt: 'The logo' }],
    ['/logo-again', { kind: 'picture', src: site.logo.src, alt: 'The logo again' }],
  ]);
  const shared = makeSharedMedia({ root, contentRoot: root, content: { site, facts: [] }, cards, cacheDir });
  const src = (route: string) => shared.pages.get(route)!.card.src;

  it('gives pages whose cards say the same thing one file, each with its own alt', () => {
    expect(src('/steel-again')).toBe(src('/steel'));
    expect(src('/logo-again')).toBe(src('/logo-picture'));
    expect(shared.pages.get('/logo-again')!.card.alt).toBe('The logo again');
  });

  it('gives a card that says anything else a file of its own, however its words are split', () => {
    const distinct = ['/steel', '/steel-split', '/steel-alone', '/quoted', '/logo-picture'].map(src);
    expect(new Set(distinct).size).toBe(distinct.length);
  });

  it('draws each file once, into the cache the output takes it from', async () => {
    expect(await shared.finished).toEqual({ ok: true, made: 5 });
    const files = [...shared.files].filter(([name]) => name.startsWith(`${SOCIAL_DIR}/`));
    expect(files.map(([, file]) => file.key).sort()).toEqual([...new Set([...cards.keys()].map(src))].sort());
    for (const [, file] of files) expect(existsSync(file.cached), file.cached).toBe(true);
  }, 120_000);
});
