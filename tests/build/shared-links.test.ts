/**
 * What a shared link, a crawler and a phone get from the built site, with the real `npm run build` on
 * a throwaway copy of the content in its own git repository, plus pages the project does not have: a
 * course page, a page that names its own picture for shared links, a page with a hero photo, a page
 * whose title is very long and full of characters that mean something in markup. Every page has a
 * raster card of 1200 × 630 that exists and weighs at most 300 KB, named absolutely with its size and
 * alt; the sitemap dates every page; the 404 page is kept out of search results; the JSON-LD follows
 * schema.org and Google's rules; the icons and the manifest exist at their sizes.
 */
// @tier slow: builds the site in a child process and runs git
// @vitest-environment node
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContent } from '../../src/content/load';
import { htmlFileOf } from '../../src/content/routes';

const root = path.resolve(import.meta.dirname, '../..');
const work = mkdtempSync(path.join(tmpdir(), 'cesa-shared-'));
const content = path.join(work, 'content');
const outDir = path.join(work, 'dist');
const COMMITTED = '2024-05-06T07:08:09Z';
const MAX_BYTES = 300 * 1024;

const GREEN = { r: 30, g: 160, b: 60 };
const ORANGE = { r: 230, g: 120, b: 20 };
const LONG_TITLE = `R&D <Lab> "quoted" & 'apostrophes': ${'structural analysis and design of multistorey buildings '.repeat(6)}Supercalifragilisticexpialidocious-without-any-space-to-break-a-line-at`;

const course = (name: string) => `meta:
  title: ${name} course | CESA
  description: Connections in Tekla Structures, taught live online.
  keywords: [tekla connections]
  course:
    name: ${name}
    group: bim
    duration: 30 hours
    menu: false
sections:
  - type: hero
    title: Tekla Structures connections
  - type: facts
    items:
      - { label: Mode, value: "Online, live with the trainer" }
      - { label: Software, value: Tekla Structures 2024 }
`;

const pages: Record<string, string> = {
  'tekla-connections.yaml': course('Tekla Connections'),
  'workshop.yaml': `meta:
  title: Weekend workshop | CESA
  description: A weekend of modelling.
  keywords: [workshop]
  social:
    image: { src: /images/shared-workshop.jpg, alt: Students at the weekend workshop }
sections:
  - type: hero
    title: Weekend workshop
    image: { src: /images/heroes/about.svg, alt: An illustration }
`,
  'site-visit.yaml': `meta:
  title: Site visit | CESA
  description: Students on a building site.
  keywords: [site visit]
sections:
  - type: hero
    title: Site visit
    image: { src: /images/site-visit.png, alt: Students on a building site }
`,
  'long-title.yaml': `meta:
  title: A long page | CESA
  description: A page with a long heading.
  keywords: [long]
sections:
  - type: hero
    title: ${JSON.stringify(LONG_TITLE)}
`,
};

function build() {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'commands/build.ts', '--content', content, '--out', outDir], { cwd: root, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`the content does not build:\n${result.stdout}\n${result.stderr}`);
}

const git = (...args: string[]) => {
  const env = { ...process.env, GIT_AUTHOR_DATE: COMMITTED, GIT_COMMITTER_DATE: COMMITTED };
  const result = spawnSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.com', '-c', 'commit.gpgsign=false', ...args], { cwd: content, encoding: 'utf8', env });
  if (result.status !== 0) throw new Error(`git ${args.join(' ')} failed:\n${result.stderr}`);
};

const read = (file: string) => readFileSync(path.join(outDir, file), 'utf8');
const decode = (text: string) => text.replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
const headOf = (html: string) => html.slice(0, html.indexOf('</head>'));
const metaOf = (html: string, key: string) => {
  const match = new RegExp(`<meta (?:name|property)="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)"`).exec(headOf(html));
  return match ? decode(match[1]!) : undefined;
};
const linkOf = (html: string, rel: string) => new RegExp(`<link rel="${rel}" href="([^"]*)"([^>]*)>`).exec(headOf(html));
/** The output file a site URL names. */
const fileAt = (url: string) => path.join(outDir, decodeURIComponent(new URL(url).pathname));

async function meanColour(file: string) {
  const { channels } = await sharp(file).stats();
  return { r: channels[0]!.mean, g: channels[1]!.mean, b: channels[2]!.mean };
}

let loaded: ReturnType<typeof loadContent>;
let site: NonNullable<ReturnType<typeof loadContent>['site']>;
/** Every HTML file a visitor can land on: each page, and the 404 page. */
let htmlFiles: string[];

beforeAll(async () => {
  cpSync(path.join(root, 'pages'), path.join(content, 'pages'), { recursive: true });
  cpSync(path.join(root, 'public'), path.join(content, 'public'), { recursive: true });
  for (const [file, text] of Object.entries(pages)) writeFileSync(path.join(content, 'pages', file), text);
  await sharp({ create: { width: 1600, height: 900, channels: 3, background: GREEN } }).jpeg().toFile(path.join(content, 'public/images/shared-workshop.jpg'));
  await sharp({ create: { width: 1400, height: 1000, channels: 3, background: ORANGE } }).png().toFile(path.join(content, 'public/images/site-visit.png'));
  git('init', '-q');
  git('add', '-A');
  git('commit', '-q', '-m', 'content');
  // Changed since its commit: the sitemap dates it by its file.
  writeFileSync(path.join(content, 'pages/about.yaml'), `${readFileSync(path.join(content, 'pages/about.yaml'), 'utf8')}\n# changed\n`);
  const changed = new Date('2025-01-02T03:04:05Z');
  utimesSync(path.join(content, 'pages/about.yaml'), changed, changed);
  build();
  loaded = loadContent({ root: content });
  site = loaded.site!;
  htmlFiles = [...loaded.pages.map((entry) => htmlFileOf(entry.route)), '404.html'];
}, 600_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('a shared link to any page', () => {
  it('has content of its own to test: a course page, a chosen picture, a hero photo, a long title', () => {
    expect(loaded.errors).toEqual([]);
    for (const file of Object.keys(pages)) expect(loaded.pages.some((entry) => entry.file === `pages/${file}`), file).toBe(true);
  });

  it('shows a raster card of 1200 × 630, at most 300 KB, named by an absolute URL with its type, size and alt', async () => {
    for (const file of htmlFiles) {
      const html = read(file);
      const image = metaOf(html, 'og:image');
      expect(image, file).toMatch(/^https:\/\//);
      expect(new URL(image!).origin, file).toBe(new URL(site.url).origin);
      expect(existsSync(fileAt(image!)), `${file}: ${image}`).toBe(true);
      const { format, width, height } = await sharp(fileAt(image!)).metadata();
      expect({ format, width, height }, file).toEqual({ format: metaOf(html, 'og:image:type') === 'image/png' ? 'png' : 'jpeg', width: 1200, height: 630 });
      expect(['image/png', 'image/jpeg'], file).toContain(metaOf(html, 'og:image:type'));
      expect(statSync(fileAt(image!)).size, file).toBeLessThanOrEqual(MAX_BYTES);
      expect(metaOf(html, 'og:image:width'), file).toBe('1200');
      expect(metaOf(html, 'og:image:height'), file).toBe('630');
      expect(metaOf(html, 'og:image:alt')?.trim(), file).toBeTruthy();
      expect(metaOf(html, 'twitter:card'), file).toBe('summary_large_image');
    }
  });

  it('shows a different card for pages whose cards say different things', () => {
    const cardByAlt = new Map<string, string>();
    for (const file of htmlFiles) {
      const html = read(file);
      if (metaOf(html, 'og:image:type') !== 'image/png') continue;
      cardByAlt.set(metaOf(html, 'og:image:alt')!, metaOf(html, 'og:image')!);
    }
    expect(cardByAlt.size).toBeGreaterThan(10);
    expect(new Set(cardByAlt.values()).size).toBe(cardByAlt.size);
  });

  it('shows a course page as the course\'s name and duration on the site\'s colours', async () => {
    const html = read('tekla-connections/index.html');
    expect(metaOf(html, 'og:image:alt')).toContain('Tekla Connections');
    expect(metaOf(html, 'og:image:alt')).toContain('30 hours');
    const brand = /--brand:\s*(#[0-9a-f]{6})/i.exec(readFileSync(path.join(root, 'src/styles/base.css'), 'utf8'))![1]!;
    const [r, g, b] = [1, 3, 5].map((at) => parseInt(brand.slice(at, at + 2), 16));
    const { data, info } = await sharp(fileAt(metaOf(html, 'og:image')!)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    let inBrand = 0;
    for (let at = 0; at < data.length; at += info.channels) if (data[at] === r && data[at + 1] === g && data[at + 2] === b) inBrand++;
    expect(inBrand / (info.width * info.height)).toBeGreaterThan(0.3);
    // The title is drawn in white below the logo's band: without a font it would be missing.
    const band = info.width * 160 * info.channels;
    let text = 0;
    for (let at = band; at < data.length; at += info.channels) if (data[at]! > 240 && data[at + 1]! > 240 && data[at + 2]! > 240) text++;
    expect(text).toBeGreaterThan(2000);
  });

  it('shows the picture a page names in meta.social, with its alt', async () => {
    const html = read('workshop/index.html');
    expect(metaOf(html, 'og:image:alt')).toBe('Students at the weekend workshop');
    const mean = await meanColour(fileAt(metaOf(html, 'og:image')!));
    for (const channel of ['r', 'g', 'b'] as const) expect(Math.abs(mean[channel] - GREEN[channel]), channel).toBeLessThan(12);
  });

  it('shows a page\'s hero photo, cropped to the card, when it names no picture', async () => {
    const html = read('site-visit/index.html');
    expect(metaOf(html, 'og:image:alt')).toBe('Students on a building site');
    const mean = await meanColour(fileAt(metaOf(html, 'og:image')!));
    for (const channel of ['r', 'g', 'b'] as const) expect(Math.abs(mean[channel] - ORANGE[channel]), channel).toBeLessThan(12);
  });

  it('gives the course a new card when its name changes, and leaves the other pages\' cards as they were', () => {
    const before = metaOf(read('tekla-connections/index.html'), 'og:image')!;
    const other = metaOf(read('etabs/index.html'), 'og:image')!;
    writeFileSync(path.join(content, 'pages/tekla-connections.yaml'), course('Tekla Steel Connections'));
    build();
    const after = read('tekla-connections/index.html');
    expect(metaOf(after, 'og:image')).not.toBe(before);
    expect(metaOf(after, 'og:image:alt')).toContain('Tekla Steel Connections');
    expect(existsSync(fileAt(metaOf(after, 'og:image')!))).toBe(true);
    expect(metaOf(read('etabs/index.html'), 'og:image')).toBe(other);
  }, 300_000);
});

describe('what search engines read', () => {
  it('dates every page in the sitemap: by its last commit, or by its file when it changed since', () => {
    const urls = [...read('sitemap.xml').matchAll(/<url>([\s\S]*?)<\/url>/g)].map((match) => match[1]!);
    expect(urls).toHaveLength(loaded.pages.length);
    const lastmod = new Map(urls.map((url) => [new URL(/<loc>([^<]+)<\/loc>/.exec(url)![1]!).pathname, /<lastmod>([^<]+)<\/lastmod>/.exec(url)?.[1]]));
    for (const [route, date] of lastmod) expect(date, route).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(lastmod.get('/etabs')).toBe(COMMITTED);
    expect(lastmod.get('/about')).toBe('2025-01-02T03:04:05Z');
  });

  it('keeps the 404 page out of search results, with no canonical address', () => {
    const html = read('404.html');
    expect(metaOf(html, 'robots')).toBe('noindex');
    expect(linkOf(html, 'canonical')).toBeNull();
    for (const { route } of loaded.pages) expect(linkOf(read(htmlFileOf(route)), 'canonical')?.[1], route).toBe(new URL(route, site.url).href);
  });

  const graphOf = (html: string) => {
    const block = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(headOf(html))![1]!;
    return (JSON.parse(block) as { '@graph': Record<string, unknown>[] })['@graph'];
  };

  it('describes each branch as part of the academy, with its country, and never with the superseded branchOf', () => {
    for (const file of htmlFiles) {
      const html = read(file);
      expect(html, file).not.toContain('branchOf');
      const graph = graphOf(html);
      const organization = graph.find((node) => node['@type'] === 'EducationalOrganization')!;
      const branches = graph.filter((node) => node['@type'] === 'LocalBusiness');
      expect(branches, file).toHaveLength(site.branches.length);
      for (const branch of branches) {
        expect(branch.parentOrganization, file).toEqual({ '@id': organization['@id'] });
        expect((branch.address as Record<string, unknown>).addressCountry, file).toBe('IN');
      }
    }
  });

  it('describes the course page with what its content says, and nothing else', () => {
    const source = readFileSync(path.join(content, 'pages/tekla-connections.yaml'), 'utf8');
    const courses = graphOf(read('tekla-connections/index.html')).filter((node) => node['@type'] === 'Course');
    expect(courses).toHaveLength(1);
    const courseNode = courses[0]!;
    expect(Object.keys(courseNode).sort()).toEqual(['@id', '@type', 'description', 'hasCourseInstance', 'name', 'offers', 'provider', 'timeRequired', 'url']);
    expect(source).toContain(`name: ${courseNode.name as string}`);
    expect(source).toContain(courseNode.description as string);
    // "duration: 30 hours"; "Mode: Online, live with the trainer" (and no classroom).
    expect(courseNode.timeRequired).toBe('PT30H');
    expect(courseNode.hasCourseInstance).toEqual([{ '@type': 'CourseInstance', courseMode: 'Online', courseWorkload: 'PT30H' }]);
    // No batch and no fee on the page: an offer Google accepts (a paid course), with no price made up.
    expect(courseNode.offers).toEqual({ '@type': 'Offer', category: 'Paid' });
  });
});

describe('a phone saving the site to its home screen', () => {
  it('finds the icons and the manifest named in every page\'s head, at their sizes', async () => {
    for (const file of htmlFiles) {
      const html = read(file);
      expect(linkOf(html, 'apple-touch-icon')?.[1], file).toBe('/apple-touch-icon.png');
      expect(linkOf(html, 'icon')?.[0] ?? '', file).toBeTruthy();
      expect(/<link rel="icon" href="([^"]+\.png)" type="image\/png" sizes="32x32"/.test(headOf(html)), file).toBe(true);
      expect(linkOf(html, 'manifest')?.[1], file).toBe('/manifest.webmanifest');
    }
    const png32 = /<link rel="icon" href="([^"]+\.png)" type="image\/png" sizes="32x32"/.exec(read('index.html'))![1]!;
    expect(await sharp(path.join(outDir, png32)).metadata()).toMatchObject({ format: 'png', width: 32, height: 32 });
    expect(await sharp(path.join(outDir, 'apple-touch-icon.png')).metadata()).toMatchObject({ format: 'png', width: 180, height: 180, hasAlpha: false });
  });

  it('reads a manifest whose icons exist at the sizes it states, 192 and 512 px among them', async () => {
    const manifest = JSON.parse(read('manifest.webmanifest')) as { name: string; short_name: string; start_url: string; display: string; theme_color: string; icons: { src: string; sizes: string; type: string }[] };
    expect(manifest).toMatchObject({ name: site.name, short_name: site.shortName, start_url: '/' });
    expect(['browser', 'standalone', 'minimal-ui']).toContain(manifest.display);
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
    expect(manifest.icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    for (const icon of manifest.icons) {
      const [width, height] = icon.sizes.split('x').map(Number);
      expect(await sharp(path.join(outDir, icon.src)).metadata(), icon.src).toMatchObject({ format: 'png', width, height });
      expect(icon.type).toBe('image/png');
    }
  });
});
