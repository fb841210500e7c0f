/**
 * The benchmark's twin in Hugo: the same synthetic pages (scripts/bench/synthetic.ts) as a Hugo site
 * whose templates print the same sections as ours (head, menu, hero, prose, modules, packages, FAQ,
 * table, footer), so the two tools are timed on the same content and HTML of about the same size.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Hugo's binary if it is on the PATH (Debian's `hugo` package), else undefined. */
export function hugoBinary(): string | undefined {
  const found = spawnSync('hugo', ['version'], { encoding: 'utf8' });
  return found.status === 0 ? 'hugo' : undefined;
}

const LAYOUT = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{ .Params.meta.title }}</title><meta name="description" content="{{ .Params.meta.description }}">
<link rel="canonical" href="{{ .Permalink }}"><link rel="stylesheet" href="/assets/index.css"></head>
<body><header class="site-header"><a class="site-header__brand" href="/">{{ site.Data.site.name }}</a>
<nav aria-label="Main"><ul>{{ range site.Data.site.menu }}<li><a href="{{ .href }}">{{ .label }}</a></li>{{ end }}</ul></nav></header>
<main id="main">
{{ range $index, $s := .Params.sections }}
{{ if eq $s.type "hero" }}<section class="hero"><div class="hero__body">{{ if eq $index 0 }}<h1 class="hero__title">{{ $s.title }}</h1>{{ else }}<h2 class="hero__title">{{ $s.title }}</h2>{{ end }}
<p class="hero__subtitle">{{ $s.subtitle }}</p>{{ with $s.image }}<img src="{{ .src }}" alt="{{ .alt }}" width="320" height="180">{{ end }}
<div class="hero__actions">{{ range $s.actions }}<a class="button" href="{{ .href }}">{{ .label }}</a>{{ end }}</div></div></section>
{{ else if eq $s.type "prose" }}<section class="section prose"><div class="section__inner"><h2>{{ $s.title }}</h2>{{ range split (trim $s.body "\\n") "\\n\\n" }}<p>{{ . }}</p>{{ end }}</div></section>
{{ else if eq $s.type "modules" }}<section class="section modules"><div class="section__inner"><ol class="modules__list">{{ range $s.modules }}<li class="modules__item"><h3>{{ .title }}</h3><ul>{{ range .items }}<li>{{ . }}</li>{{ end }}</ul></li>{{ end }}</ol></div></section>
{{ else if eq $s.type "packages" }}<section class="section packages"><div class="section__inner"><ul class="cards">{{ range $s.cards }}<li class="card"><img src="{{ .image }}" alt="" width="320" height="180" loading="lazy"><h3>{{ .title }}</h3><p>{{ .description }}</p><p class="card__duration">{{ .duration }} hours</p></li>{{ end }}</ul></div></section>
{{ else if eq $s.type "faq" }}<section class="section faq"><div class="section__inner">{{ range $s.items }}<details class="faq__item"><summary>{{ .question }}</summary><p>{{ .answer }}</p></details>{{ end }}</div></section>
{{ else if eq $s.type "table" }}<section class="section table"><div class="section__inner"><table><caption>{{ $s.caption }}</caption><thead><tr>{{ range $s.columns }}<th scope="col">{{ . }}</th>{{ end }}</tr></thead><tbody>{{ range $s.rows }}<tr>{{ range . }}<td>{{ . }}</td>{{ end }}</tr>{{ end }}</tbody></table></div></section>
{{ end }}
{{ end }}
</main><footer class="site-footer"><p>{{ site.Data.site.footer.about }}</p><p>{{ site.Data.site.footer.copyright }}</p></footer></body></html>
`;

/** Writes the Hugo twin of a synthetic project (its pages/ and public/) into `hugoRoot`. */
export function writeHugoTwin(contentRoot: string, hugoRoot: string): void {
  mkdirSync(path.join(hugoRoot, 'content'), { recursive: true });
  mkdirSync(path.join(hugoRoot, 'layouts/_default'), { recursive: true });
  mkdirSync(path.join(hugoRoot, 'data'), { recursive: true });
  mkdirSync(path.join(hugoRoot, 'static/images'), { recursive: true });
  writeFileSync(
    path.join(hugoRoot, 'config.toml'),
    'baseURL = "https://www.cesa.example.com/"\ntitle = "CESA"\ndisableKinds = ["taxonomy", "term", "RSS", "home", "section"]\n',
  );
  writeFileSync(path.join(hugoRoot, 'layouts/_default/single.html'), LAYOUT);
  copyFileSync(path.join(contentRoot, 'pages/_site.yaml'), path.join(hugoRoot, 'data/site.yaml'));
  copyFileSync(path.join(contentRoot, 'public/images/logo.svg'), path.join(hugoRoot, 'static/images/logo.svg'));
  for (const file of readdirSync(path.join(contentRoot, 'pages'))) {
    if (!file.endsWith('.yaml') || file.startsWith('_')) continue;
    const yaml = readFileSync(path.join(contentRoot, 'pages', file), 'utf8');
    writeFileSync(path.join(hugoRoot, 'content', file.replace(/\.yaml$/, '.md')), `---\n${yaml}---\n`);
  }
}
