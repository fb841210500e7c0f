/**
 * The benchmark's twin in Astro: the same synthetic pages (scripts/bench/synthetic.ts) as an Astro
 * project (static output) that prints what the Hugo twin (scripts/bench/hugo-twin.ts) prints for them,
 * tag for tag, so that Astro is timed on the same content and the same HTML as our build and Hugo;
 * `npm run bench` prints the three sizes. The project is Astro's ordinary way of making pages from data
 * files: a content collection (the glob loader, which parses YAML with the js-yaml Astro ships) read by
 * getStaticPaths, a layout and a component per section type.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ICON_CALL, ICON_CHAT } from './hugo-twin';

/**
 * The folder of an Astro install named by CESA_BENCH_ASTRO (one holding node_modules/astro, e.g. made by
 * `npm install astro@5` in a folder of its own), else undefined: Astro is no dependency of the project,
 * so the bench compares with it only where someone installed it.
 */
export function astroInstall(): string | undefined {
  const folder = process.env.CESA_BENCH_ASTRO;
  if (!folder) return undefined;
  const install = path.resolve(folder);
  return existsSync(path.join(install, 'node_modules/astro/astro.js')) ? install : undefined;
}

/** The version of the Astro in `install` (its package.json), for the bench's explanation. */
export function astroVersion(install: string): string {
  const manifest = JSON.parse(readFileSync(path.join(install, 'node_modules/astro/package.json'), 'utf8')) as { version?: string };
  return manifest.version ?? 'unknown';
}

/** Astro's environment: no telemetry (it would send each build's figures over the network). */
function astroEnv(): NodeJS.ProcessEnv {
  return { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' };
}

/**
 * Astro's configuration: static pages into <page>/index.html (as ours and Hugo's), the template's white
 * space kept as written (compressHTML would take out the head's line breaks, which ours and Hugo's
 * print), no image service (the twin has no <Image>, and sharp is not needed), and the content layer's
 * store and Vite's cache inside the project, so a cold build deletes them (by default they go into
 * node_modules, which is the install's, through the link).
 */
const CONFIG = `import { defineConfig, passthroughImageService } from 'astro/config';

export default defineConfig({
  site: 'https://www.cesa.example.com',
  output: 'static',
  compressHTML: false,
  cacheDir: './.cache',
  image: { service: passthroughImageService() },
  vite: { cacheDir: './.cache/vite' },
});
`;

/** The collections: every page file of the synthetic project but _site.yaml, and _site.yaml as the entry "site". */
const collections = (pages: string) => `import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';

const base = ${JSON.stringify(pages)};

export const collections = {
  pages: defineCollection({ loader: glob({ pattern: ['*.yaml', '!_*.yaml'], base }) }),
  site: defineCollection({ loader: glob({ pattern: '_site.yaml', base, generateId: () => 'site' }) }),
};
`;

/** One route per page file, its id (course-12) as the address. */
const ROUTE = `---
import { getCollection } from 'astro:content';
import Page from '../layouts/Page.astro';

export async function getStaticPaths() {
  const pages = await getCollection('pages');
  return pages.map((page) => ({ params: { slug: page.id }, props: { page: page.data } }));
}

const { slug } = Astro.params;
const { page } = Astro.props;
---
<Page slug={slug} page={page} />
`;

/**
 * The page: the head's tags and JSON-LD (its keys in our build's order), the preloads and the page
 * script (the Hugo twin's stand-in asset names), the header and its menu, the sections, the footer and
 * the floating buttons. A section's id is the Hugo twin's (two hex digits of the MD5 of its index), and
 * Astro escapes this text as React does; what differs is Astro's own printing: void elements without
 * their slash (<meta …>, <img …>), <!DOCTYPE html>, no line break after </html>.
 */
const LAYOUT = `---
import { createHash } from 'node:crypto';
import { getEntry } from 'astro:content';
import Hero from '../components/Hero.astro';
import Prose from '../components/Prose.astro';
import Modules from '../components/Modules.astro';
import Packages from '../components/Packages.astro';
import Faq from '../components/Faq.astro';
import Table from '../components/Table.astro';

const SECTIONS = { hero: Hero, prose: Prose, modules: Modules, packages: Packages, faq: Faq, table: Table };
const md5 = (text) => createHash('md5').update(text).digest('hex');

const { slug, page } = Astro.props;
const site = (await getEntry('site', 'site')).data;
const base = site.url.replace(/\\/$/, '');
const url = \`\${base}/\${slug}\`;
const meta = page.meta;
const organization = \`\${base}/#organization\`;
const graph = [
  { '@type': 'EducationalOrganization', '@id': organization, name: site.name, alternateName: site.shortName, url: \`\${base}/\`, logo: \`\${base}\${site.logo.src}\` },
  ...site.branches.map((branch) => ({
    '@type': 'LocalBusiness',
    '@id': \`\${base}/#branch-\${branch.city.toLowerCase()}\`,
    name: \`\${site.name}, \${branch.city}\`,
    parentOrganization: { '@id': organization },
    address: { '@type': 'PostalAddress', streetAddress: branch.address.join(', '), addressLocality: branch.city, addressCountry: 'IN' },
  })),
  { '@type': 'Course', '@id': \`\${url}#course\`, name: meta.course?.name, description: meta.description, url, provider: { '@id': organization } },
];
const jsonLd = JSON.stringify({ '@context': 'https://schema.org', '@graph': graph }).replace(/</g, '\\\\u003c');
---
<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="theme-color" content="#0b4f8a" />
    <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
    <title>{meta.title}</title>
    <meta name="description" content={meta.description} />
    <meta name="keywords" content={meta.keywords.join(', ')} />
    <link rel="canonical" href={url} />
    <meta property="og:type" content="website" />
    <meta property="og:site_name" content={site.name} />
    <meta property="og:title" content={meta.title} />
    <meta property="og:description" content={meta.description} />
    <meta property="og:url" content={url} />
    <meta property="og:image" content={\`\${base}/_social/\${md5(url).slice(0, 20)}.png\`} />
    <meta property="og:image:type" content="image/png" />
    <meta property="og:image:width" content="1200" />
    <meta property="og:image:height" content="630" />
    <meta property="og:image:alt" content={\`\${meta.course?.name ?? ''}: \${site.name}\`} />
    <meta name="twitter:card" content="summary_large_image" />
    <link rel="icon" href="/icon-32.png" type="image/png" sizes="32x32" />
    <link rel="apple-touch-icon" href="/apple-touch-icon.png" />
    <link rel="manifest" href="/manifest.webmanifest" />
    <script is:inline type="application/ld+json" set:html={jsonLd}></script>
    <link rel="modulepreload" href="/assets/behaviour-header-Cuivq18c.js" fetchpriority="low">
    <script is:inline type="module" fetchpriority="low" crossorigin src="/assets/index-2aBiNAbt.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/style-DpIVcxlz.css">
  </head>
  <body>
    <div id="root"><link rel="preload" as="image" href={site.logo.src}/><a href="#main" class="skip-link">Skip to content</a><header class="site-header" data-behaviour="header"><div class="container site-header__bar"><a href="/" class="site-header__logo"><img src={site.logo.src} alt={site.name} width="320" height="180" loading="eager" decoding="async"/></a><nav aria-label="Main" class="site-nav"><button type="button" class="site-nav__toggle" aria-expanded="false" aria-controls="_R_2_"><span class="site-nav__icon" aria-hidden="true"></span><span class="visually-hidden" data-label-open="Close menu" data-label-closed="Open menu">Open menu</span></button><ul id="_R_2_" class="menu">{site.menu.map((item) => <li class="menu__item"><a href={item.href} class="menu__link">{item.label}</a></li>)}</ul></nav></div></header><main id="main" tabindex="-1">{page.sections.map((section, index) => {
      const Section = SECTIONS[section.type];
      return <Section section={section} index={index} id={\`_R_\${md5(String(index)).slice(0, 2)}_\`} site={site} />;
    })}</main><footer class="site-footer"><div class="container site-footer__grid"><div class="site-footer__about"><p class="site-footer__name">{site.name}</p><p>{site.footer.about}</p></div><div class="site-footer__branches"><h2 class="site-footer__title">Our branches</h2><ul class="site-footer__links">{site.branches.map((branch) => <li class="site-footer__branch"><strong>{branch.city}</strong><span>{branch.address.join(', ')}</span></li>)}</ul></div></div><p class="container site-footer__copyright">{site.footer.copyright}</p></footer><aside class="floating-actions" aria-label="Quick contact"><a href={\`tel:\${site.contact.phone.replace(/[^+0-9]/g, '')}\`} class="floating-actions__button floating-actions__button--call">${ICON_CALL}<span class="floating-actions__label" aria-hidden="true">Call</span><span class="visually-hidden">Call {site.shortName}</span></a><a href={site.contact.chat} class="floating-actions__button floating-actions__button--chat" target="_blank" rel="noopener noreferrer">${ICON_CHAT}<span class="floating-actions__label" aria-hidden="true">WhatsApp</span><span class="visually-hidden">Chat with {site.shortName} on WhatsApp</span></a></aside></div>
  </body>
</html>
`;

/** Each section type's markup, as the Hugo twin's branches print it (on one line: the white space is kept). */
const COMPONENTS: Record<string, string> = {
  Hero: `---
const { section, index, id, site } = Astro.props;
const Title = index === 0 ? 'h1' : 'h2';
---
<section class="hero hero--banner" aria-labelledby={id}><div class="container hero__inner"><div class="hero__body"><Title id={id} class="hero__title">{section.title}</Title><p class="hero__subtitle">{section.subtitle}</p><div class="actions">{section.actions.map((action, n) => action.href === 'form' ? <a href={site.form.url} class={n > 0 ? 'button button--ghost' : 'button'} target="_blank" rel="noopener noreferrer">{action.label}</a> : <a href={action.href} class={n > 0 ? 'button button--ghost' : 'button'}>{action.label}</a>)}</div></div>{section.image && <div class="hero__media"><img src={section.image.src} alt={section.image.alt} width="320" height="180" loading="eager" decoding="async" fetchPriority="high" class="hero__image"/></div>}</div></section>`,
  Prose: `---
const { section, id } = Astro.props;
const paragraphs = section.body.replace(/^\\n+|\\n+$/g, '').split('\\n\\n');
---
<section class="section section--prose" aria-labelledby={id}><div class="container"><h2 id={id} class="section__title">{section.title}</h2><div class="prose"><div class="prose__body">{paragraphs.map((paragraph) => <p>{paragraph}</p>)}</div></div></div></section>`,
  Modules: `---
const { section } = Astro.props;
---
<section class="section section--modules"><div class="container"><ol class="modules grid">{section.modules.map((module, n) => <li class="card module"><span class="module__number" aria-hidden="true">{String(n + 1).padStart(2, '0')}</span><h3 class="module__title">{module.title}</h3><ul class="module__topics">{module.items.map((item) => <li>{item}</li>)}</ul></li>)}</ol></div></section>`,
  Packages: `---
const { section } = Astro.props;
const last = section.cards.length - 1;
---
<section class="section section--packages"><div class="container"><ul class="grid packages">{section.cards.map((card, n) => <li class={section.wideLast && n === last ? 'card package package--wide' : 'card package'}><img src={card.image} alt={card.title} width="320" height="180" loading="lazy" decoding="async" class="package__image"/><div class="package__body"><h3 class="package__title">{card.title}</h3><div><p>{card.description}</p></div><p class="package__duration"><strong>Duration:</strong> {card.duration} hours</p></div></li>)}</ul></div></section>`,
  Faq: `---
const { section, index } = Astro.props;
---
<section class="section section--faq"><div class="container"><div class="faq">{section.items.map((item) => <details name={\`faq-\${index}\`} class="faq__item"><summary class="faq__toggle"><h3 class="faq__question">{item.question}</h3><span class="faq__marker" aria-hidden="true"></span></summary><div class="faq__answer"><div><p>{item.answer}</p></div></div></details>)}</div></div></section>`,
  Table: `---
const { section, id } = Astro.props;
---
<section class="section section--table"><div class="container"><div class="table-scroll" tabindex="0" role="region" aria-labelledby={id}><table class="data-table"><caption id={id}>{section.caption}</caption><thead><tr>{section.columns.map((column) => <th scope="col">{column}</th>)}</tr></thead><tbody>{section.rows.map((row) => <tr>{row.map((cell) => <td>{cell}</td>)}</tr>)}</tbody></table></div></div></section>`,
};

/**
 * Writes the Astro twin of a synthetic project (its pages/ and public/) into `astroRoot`: its collections
 * read the project's pages/ where they are (no copy: 50,000 pages are 900 MB), its public/ holds the logo.
 */
export function writeAstroTwin(contentRoot: string, astroRoot: string): void {
  mkdirSync(path.join(astroRoot, 'src/pages'), { recursive: true });
  mkdirSync(path.join(astroRoot, 'src/layouts'), { recursive: true });
  mkdirSync(path.join(astroRoot, 'src/components'), { recursive: true });
  mkdirSync(path.join(astroRoot, 'public/images'), { recursive: true });
  writeFileSync(path.join(astroRoot, 'package.json'), '{ "name": "cesa-astro-twin", "private": true, "type": "module" }\n');
  writeFileSync(path.join(astroRoot, 'astro.config.mjs'), CONFIG);
  writeFileSync(path.join(astroRoot, 'src/content.config.ts'), collections(path.resolve(contentRoot, 'pages')));
  writeFileSync(path.join(astroRoot, 'src/pages/[slug].astro'), ROUTE);
  writeFileSync(path.join(astroRoot, 'src/layouts/Page.astro'), LAYOUT);
  for (const [name, source] of Object.entries(COMPONENTS)) writeFileSync(path.join(astroRoot, 'src/components', `${name}.astro`), source);
  copyFileSync(path.join(contentRoot, 'public/images/logo.svg'), path.join(astroRoot, 'public/images/logo.svg'));
}

/**
 * A cold `astro build` of the twin, in seconds, its pages then moved to `out`: the output, the content
 * layer's store and the types Astro generates (.astro/) deleted first, so every page is read, parsed and
 * rendered again. Run with this Node, as `npx astro build` runs it (without npx's own start-up),
 * telemetry off. The project's node_modules is a link to the install's (an Astro project resolves
 * `astro` from its own folder), made before the clock starts. Astro builds into the project's dist/:
 * it renders the pages by importing its server bundle from the output folder, whose imports of Astro's
 * packages resolve only from inside the project (into a folder outside it, the build fails).
 */
export function astroBuild(install: string, site: string, out: string, setAside: (folder: string) => void = (folder) => rmSync(folder, { recursive: true, force: true })): number {
  const modules = path.join(site, 'node_modules');
  if (!existsSync(modules)) symlinkSync(path.join(install, 'node_modules'), modules, 'dir');
  const dist = path.join(site, 'dist');
  // Its outputs and caches of an earlier run: set aside (the bench's setAside) or removed.
  for (const folder of [out, dist, path.join(site, '.cache'), path.join(site, '.astro')]) setAside(folder);
  const started = performance.now();
  const result = spawnSync(process.execPath, [path.join(install, 'node_modules/astro/astro.js'), 'build', '--silent', '--root', site], { cwd: site, encoding: 'utf8', env: astroEnv() });
  const seconds = (performance.now() - started) / 1000;
  if (result.status !== 0) throw new Error(`astro build failed:\n${result.stdout}\n${result.stderr}`);
  renameSync(dist, out);
  return seconds;
}
