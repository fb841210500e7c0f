/**
 * The benchmark's twin in Hugo: the same synthetic pages (scripts/bench/synthetic.ts) as a Hugo site
 * whose template prints what our build prints for them, tag for tag (head, JSON-LD, header and menu,
 * hero, prose, modules, packages, FAQ, table, footer), so the two tools are timed on the same content
 * and the same HTML; `npm run bench` prints both sizes.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Hugo's binary if it is on the PATH (Debian's `hugo` package), else undefined. */
export function hugoBinary(): string | undefined {
  const found = spawnSync('hugo', ['version'], { encoding: 'utf8' });
  return found.status === 0 ? 'hugo' : undefined;
}

/** The floating buttons' icons, as src/layout prints them (the Astro twin prints them too). */
export const ICON_CALL =
  '<svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true" focusable="false"><path fill="currentColor" d="M6.6 10.8a15.1 15.1 0 0 0 6.6 6.6l2.2-2.2a1 1 0 0 1 1-.25c1.1.37 2.3.57 3.6.57a1 1 0 0 1 1 1V20a1 1 0 0 1-1 1A17 17 0 0 1 3 4a1 1 0 0 1 1-1h3.5a1 1 0 0 1 1 1c0 1.25.2 2.45.57 3.57a1 1 0 0 1-.25 1z"></path></svg>';
export const ICON_CHAT =
  '<svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true" focusable="false"><path fill="currentColor" d="M12 2.5a9.5 9.5 0 0 0-8.2 14.3L2.5 21.5l4.8-1.26A9.5 9.5 0 1 0 12 2.5zm0 17.2c-1.45 0-2.86-.4-4.1-1.14l-.3-.18-2.84.75.76-2.77-.2-.3A7.7 7.7 0 1 1 12 19.7zm4.2-5.75c-.23-.12-1.36-.67-1.57-.75-.21-.08-.36-.12-.52.11-.15.23-.6.75-.73.9-.13.16-.27.18-.5.06a6.3 6.3 0 0 1-3.1-2.72c-.24-.4.23-.37.67-1.25.08-.15.04-.29-.02-.4l-.7-1.7c-.19-.45-.38-.39-.52-.4h-.45a.86.86 0 0 0-.62.3 2.6 2.6 0 0 0-.82 1.94c0 1.14.83 2.25.95 2.4.11.16 1.63 2.5 3.96 3.5 1.47.64 2.05.69 2.78.58.45-.07 1.36-.56 1.56-1.1.19-.53.19-.99.13-1.09-.05-.1-.2-.16-.43-.28z"></path></svg>';

/**
 * One page, as our build prints it (scripts/builder/prerender.ts): the template's head, the head's tags
 * (description, canonical, Open Graph, Twitter, icons, JSON-LD), the preloads and the page script; the
 * root with the header and its menu, each section's markup and class names, the footer and the
 * floating contact buttons. Made by comparing a synthetic page of both tools; only what differs per
 * build (asset hashes, React's ids) is a constant of the same length. Go templates escape like
 * React for this text (no quotes or ampersands in it); `{{-` keeps the template's own line breaks out.
 */
const LAYOUT = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="theme-color" content="#0b4f8a" />
    <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
{{- $site := site.Data.site }}{{ $base := strings.TrimSuffix "/" $site.url }}{{ $url := printf "%s/%s" $base .File.ContentBaseName }}{{ $meta := .Params.meta }}
    <title>{{ $meta.title }}</title>
    <meta name="description" content="{{ $meta.description }}" />
    <meta name="keywords" content="{{ delimit $meta.keywords ", " }}" />
    <link rel="canonical" href="{{ $url }}" />
    <meta property="og:type" content="website" />
    <meta property="og:site_name" content="{{ $site.name }}" />
    <meta property="og:title" content="{{ $meta.title }}" />
    <meta property="og:description" content="{{ $meta.description }}" />
    <meta property="og:url" content="{{ $url }}" />
    <meta property="og:image" content="{{ $base }}/_social/{{ substr (md5 $url) 0 20 }}.png" />
    <meta property="og:image:type" content="image/png" />
    <meta property="og:image:width" content="1200" />
    <meta property="og:image:height" content="630" />
    <meta property="og:image:alt" content="{{ $meta.course.name }}: {{ $site.name }}" />
    <meta name="twitter:card" content="summary_large_image" />
    <link rel="icon" href="/icon-32.png" type="image/png" sizes="32x32" />
    <link rel="apple-touch-icon" href="/apple-touch-icon.png" />
    <link rel="manifest" href="/manifest.webmanifest" />
{{- $organization := printf "%s/#organization" $base }}
{{- $graph := slice (dict "@type" "EducationalOrganization" "@id" $organization "name" $site.name "alternateName" $site.shortName "url" (printf "%s/" $base) "logo" (printf "%s%s" $base $site.logo.src)) }}
{{- range $site.branches }}{{ $graph = $graph | append (dict "@type" "LocalBusiness" "@id" (printf "%s/#branch-%s" $base (lower .city)) "name" (printf "%s, %s" $site.name .city) "parentOrganization" (dict "@id" $organization) "address" (dict "@type" "PostalAddress" "streetAddress" (delimit .address ", ") "addressLocality" .city "addressCountry" "IN")) }}{{ end }}
{{- $graph = $graph | append (dict "@type" "Course" "@id" (printf "%s#course" $url) "name" $meta.course.name "description" $meta.description "url" $url "provider" (dict "@id" $organization)) }}
    <script type="application/ld+json">{{ dict "@context" "https://schema.org" "@graph" $graph | jsonify | safeJS }}</script>
    <link rel="modulepreload" href="/assets/behaviour-header-Cuivq18c.js" fetchpriority="low">
    <script type="module" fetchpriority="low" crossorigin src="/assets/index-2aBiNAbt.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/style-DpIVcxlz.css">
  </head>
  <body>
    <div id="root"><link rel="preload" as="image" href="{{ $site.logo.src }}"/><a href="#main" class="skip-link">Skip to content</a><header class="site-header" data-behaviour="header"><div class="container site-header__bar"><a href="/" class="site-header__logo"><img src="{{ $site.logo.src }}" alt="{{ $site.name }}" width="320" height="180" loading="eager" decoding="async"/></a><nav aria-label="Main" class="site-nav"><button type="button" class="site-nav__toggle" aria-expanded="false" aria-controls="_R_2_"><span class="site-nav__icon" aria-hidden="true"></span><span class="visually-hidden" data-label-open="Close menu" data-label-closed="Open menu">Open menu</span></button><ul id="_R_2_" class="menu">
{{- range $site.menu }}<li class="menu__item"><a href="{{ .href }}" class="menu__link">{{ .label }}</a></li>{{ end -}}
</ul></nav></div></header><main id="main" tabindex="-1">
{{- range $index, $s := .Params.sections }}{{ $id := printf "_R_%s_" (substr (md5 $index) 0 2) }}
{{- if eq $s.type "hero" -}}
<section class="hero hero--banner" aria-labelledby="{{ $id }}"><div class="container hero__inner"><div class="hero__body">{{ if eq $index 0 }}<h1 id="{{ $id }}" class="hero__title">{{ $s.title }}</h1>{{ else }}<h2 id="{{ $id }}" class="hero__title">{{ $s.title }}</h2>{{ end }}<p class="hero__subtitle">{{ $s.subtitle }}</p><div class="actions">
{{- range $n, $action := $s.actions }}{{ $ghost := cond (gt $n 0) " button--ghost" "" }}
{{- if eq $action.href "form" }}<a href="{{ $site.form.url }}" class="button{{ $ghost }}" target="_blank" rel="noopener noreferrer">{{ $action.label }}</a>
{{- else }}<a href="{{ $action.href }}" class="button{{ $ghost }}">{{ $action.label }}</a>{{ end }}{{ end -}}
</div></div>{{ with $s.image }}<div class="hero__media"><img src="{{ .src }}" alt="{{ .alt }}" width="320" height="180" loading="eager" decoding="async" fetchPriority="high" class="hero__image"/></div>{{ end }}</div></section>
{{- else if eq $s.type "prose" -}}
<section class="section section--prose" aria-labelledby="{{ $id }}"><div class="container"><h2 id="{{ $id }}" class="section__title">{{ $s.title }}</h2><div class="prose"><div class="prose__body">{{ range split (trim $s.body "\\n") "\\n\\n" }}<p>{{ . }}</p>{{ end }}</div></div></div></section>
{{- else if eq $s.type "modules" -}}
<section class="section section--modules"><div class="container"><ol class="modules grid">{{ range $n, $module := $s.modules }}<li class="card module"><span class="module__number" aria-hidden="true">{{ printf "%02d" (add $n 1) }}</span><h3 class="module__title">{{ $module.title }}</h3><ul class="module__topics">{{ range $module.items }}<li>{{ . }}</li>{{ end }}</ul></li>{{ end }}</ol></div></section>
{{- else if eq $s.type "packages" -}}
<section class="section section--packages"><div class="container"><ul class="grid packages">{{ $last := sub (len $s.cards) 1 }}{{ range $n, $card := $s.cards }}<li class="card package{{ if and (index $s "wideLast") (eq $n $last) }} package--wide{{ end }}"><img src="{{ $card.image }}" alt="{{ $card.title }}" width="320" height="180" loading="lazy" decoding="async" class="package__image"/><div class="package__body"><h3 class="package__title">{{ $card.title }}</h3><div><p>{{ $card.description }}</p></div><p class="package__duration"><strong>Duration:</strong> {{ $card.duration }} hours</p></div></li>{{ end }}</ul></div></section>
{{- else if eq $s.type "faq" -}}
<section class="section section--faq"><div class="container"><div class="faq">{{ range $s.items }}<details name="faq-{{ $index }}" class="faq__item"><summary class="faq__toggle"><h3 class="faq__question">{{ .question }}</h3><span class="faq__marker" aria-hidden="true"></span></summary><div class="faq__answer"><div><p>{{ .answer }}</p></div></div></details>{{ end }}</div></div></section>
{{- else if eq $s.type "table" -}}
<section class="section section--table"><div class="container"><div class="table-scroll" tabindex="0" role="region" aria-labelledby="{{ $id }}"><table class="data-table"><caption id="{{ $id }}">{{ $s.caption }}</caption><thead><tr>{{ range $s.columns }}<th scope="col">{{ . }}</th>{{ end }}</tr></thead><tbody>{{ range $s.rows }}<tr>{{ range . }}<td>{{ . }}</td>{{ end }}</tr>{{ end }}</tbody></table></div></div></section>
{{- end }}{{ end -}}
</main><footer class="site-footer"><div class="container site-footer__grid"><div class="site-footer__about"><p class="site-footer__name">{{ $site.name }}</p><p>{{ $site.footer.about }}</p></div><div class="site-footer__branches"><h2 class="site-footer__title">Our branches</h2><ul class="site-footer__links">{{ range $site.branches }}<li class="site-footer__branch"><strong>{{ .city }}</strong><span>{{ delimit .address ", " }}</span></li>{{ end }}</ul></div></div><p class="container site-footer__copyright">{{ $site.footer.copyright }}</p></footer><aside class="floating-actions" aria-label="Quick contact"><a {{ printf "href=%q" (printf "tel:%s" (replaceRE "[^+0-9]" "" $site.contact.phone)) | safeHTMLAttr }} class="floating-actions__button floating-actions__button--call">${ICON_CALL}<span class="floating-actions__label" aria-hidden="true">Call</span><span class="visually-hidden">Call {{ $site.shortName }}</span></a><a href="{{ $site.contact.chat }}" class="floating-actions__button floating-actions__button--chat" target="_blank" rel="noopener noreferrer">${ICON_CHAT}<span class="floating-actions__label" aria-hidden="true">WhatsApp</span><span class="visually-hidden">Chat with {{ $site.shortName }} on WhatsApp</span></a></aside></div>
  </body>
</html>
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
