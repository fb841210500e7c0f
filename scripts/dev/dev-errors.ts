/**
 * The dev server's content errors, for editors: which page each error stops, a page in plain words
 * that lists a page's errors (as `npm run check` prints them), the list of every error (/_errors),
 * and the small notice other pages carry while some file has errors. HTML strings made on the dev
 * server: nothing here reaches the site's scripts.
 */
import { formatError, type ContentError } from '../../src/content/errors';
import { SITE_FILE } from '../../src/content/load';
import { isPageFile, routeOf } from '../../src/content/routes';

/** The dev server's page of every content error. A `_` name: it can never be a page's route. */
export const ERRORS_ROUTE = '/_errors';

export interface ErrorMap {
  /** Errors of the site document (brand, menu, footer of every page): no page can be shown. */
  site: ContentError[];
  /** Route → the errors of the file(s) of that page. */
  byRoute: Map<string, ContentError[]>;
  /** Every error, in the order of the check (by file, then line). */
  all: ContentError[];
  /** How many files have errors. */
  files: number;
}

/**
 * Sorts errors by what they stop: an error of pages/etabs.yaml stops /etabs, an error of
 * pages/_site.yaml stops every page. Others (a photo saved in pages/) stop nothing but are listed.
 * `pagesFolder` is the pages folder as error files name it (`pages`).
 */
export function mapErrors(errors: readonly ContentError[], pagesFolder: string): ErrorMap {
  const site: ContentError[] = [];
  const byRoute = new Map<string, ContentError[]>();
  const prefix = `${pagesFolder}/`;
  for (const error of errors) {
    const relative = error.file.startsWith(prefix) ? error.file.slice(prefix.length) : undefined;
    if (relative === SITE_FILE || error.code === 'missing-site') site.push(error);
    else if (relative !== undefined && isPageFile(relative)) {
      const route = routeOf(relative);
      byRoute.set(route, [...(byRoute.get(route) ?? []), error]);
    }
  }
  return { site, byRoute, all: [...errors], files: new Set(errors.map((error) => error.file)).size };
}

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

const mistakes = (n: number) => (n === 1 ? 'a mistake' : `${n} mistakes`);

/** `<code>a</code>, <code>b</code> and <code>c</code>` */
function fileList(files: readonly string[]): string {
  const named = files.map((file) => `<code>${escape(file)}</code>`);
  return named.length <= 1 ? (named[0] ?? '') : `${named.slice(0, -1).join(', ')} and ${named[named.length - 1]}`;
}

const STYLE = `
  body { margin: 0; font: 16px/1.5 system-ui, sans-serif; color: #1b1b1b; background: #fdf6f4 }
  main { max-width: 60rem; margin: 0 auto; padding: 2rem 1.25rem 4rem }
  h1 { font-size: 1.6rem; line-height: 1.25; color: #8a1c12; margin: 0 0 .75rem }
  .none h1 { color: #1d6b2f }
  h2 { font-size: 1.1rem; margin: 2rem 0 .5rem }
  p { margin: .5rem 0 }
  code { font: .95em ui-monospace, SFMono-Regular, Menlo, Consolas, monospace }
  pre { font: 14px/1.5 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; white-space: pre-wrap;
        overflow-wrap: anywhere; background: #fff; border: 1px solid #e6c9c3; border-left: 4px solid #c0392b;
        border-radius: 4px; padding: .75rem 1rem; margin: .75rem 0 }
  .next { margin-top: 2rem; padding-top: 1rem; border-top: 1px solid #e6c9c3; color: #444 }
  a { color: #0b4f8a }`;

/**
 * A whole page. `client` is the dev server's own script (src/dev-client.ts, with Vite's client): it
 * reloads the page when a content file is saved, so a fixed page appears without pressing reload.
 */
function htmlDocument(title: string, body: string, client: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escape(title)}</title>
<style>${STYLE}</style>
<script type="module" src="${escape(client)}"></script>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

/** Each error as the terminal prints it: file:line:column, path, what is wrong, what to do, the lines. */
function errorBlocks(errors: readonly ContentError[]): string {
  return errors.map((error) => `<pre data-file="${escape(error.file)}">${escape(formatError(error))}</pre>`).join('\n');
}

const FIX = 'Open the file in your editor, correct what is listed below and save: this page then updates by itself.';

/** The page shown instead of a page whose file has errors, or instead of every page when the site document has. */
export function errorPage(route: string, map: ErrorMap, client: string): string {
  if (map.site.length > 0) {
    const others = map.all.filter((error) => !map.site.includes(error));
    const siteFile = map.site[0]!.file;
    const body = [
      `<h1>The site document has ${mistakes(map.site.length)}</h1>`,
      `<p><code>${escape(siteFile)}</code> holds the brand, the menu, the footer and the branches of every page, so no page can be shown until it is fixed. ${FIX}</p>`,
      errorBlocks(map.site),
      others.length > 0
        ? `<p class="next">Other files have mistakes too (${count(others.length, 'error', 'errors')}): <a href="${ERRORS_ROUTE}">see them all</a>.</p>`
        : '',
    ];
    return htmlDocument(`Mistake in ${siteFile}`, body.join('\n'), client);
  }
  const errors = map.byRoute.get(route) ?? [];
  const files = [...new Set(errors.map((error) => error.file))];
  const othersFiles = map.files - files.length;
  const body = [
    `<h1>This page has ${mistakes(errors.length)} to fix</h1>`,
    `<p>The page <code>${escape(route)}</code> is made from ${fileList(files)}, and cannot be shown until ${files.length === 1 ? 'it is' : 'they are'} fixed. ${FIX}</p>`,
    errorBlocks(errors),
    `<p class="next">${
      othersFiles > 0
        ? `${count(othersFiles, 'other file has', 'other files have')} mistakes too: <a href="${ERRORS_ROUTE}">see every mistake</a>.`
        : `Every mistake of the site: <a href="${ERRORS_ROUTE}">${ERRORS_ROUTE}</a>.`
    } <code>npm run check</code> lists the same in the terminal.</p>`,
  ];
  return htmlDocument(`Mistake in ${files.join(', ')}`, body.join('\n'), client);
}

/** /_errors: every error of every file, by file, with a link to the page each file makes. */
export function errorListPage(map: ErrorMap, client: string): string {
  if (map.all.length === 0) {
    return htmlDocument('No mistakes', `<div class="none"><h1>No mistakes</h1>\n<p>Every file checks: every page can be shown. <a href="/">Go to the home page</a>.</p></div>`, client);
  }
  const routeOfFile = new Map<string, string>();
  for (const [route, errors] of map.byRoute) for (const error of errors) routeOfFile.set(error.file, route);
  const byFile = new Map<string, ContentError[]>();
  for (const error of map.all) byFile.set(error.file, [...(byFile.get(error.file) ?? []), error]);
  const sections = [...byFile].map(([file, errors]) => {
    const route = routeOfFile.get(file);
    const where = route !== undefined ? ` <a href="${escape(encodeURI(route))}">open ${escape(route)}</a>` : '';
    return `<h2><code>${escape(file)}</code> — ${count(errors.length, 'mistake', 'mistakes')}${where}</h2>\n${errorBlocks(errors)}`;
  });
  const body = [
    `<h1>${count(map.all.length, 'mistake', 'mistakes')} in ${count(map.files, 'file', 'files')}</h1>`,
    `<p>${map.site.length > 0 ? 'The site document has mistakes, so no page can be shown until they are fixed. ' : 'Pages whose file has a mistake show it instead of the page; the others are shown as usual. '}Correct each file and save: this list updates by itself.</p>`,
    ...sections,
  ];
  return htmlDocument('Content mistakes', body.join('\n'), client);
}

/** The small notice a page carries while other files have errors: outside the app's root, so hydration is untouched. */
export function errorNotice(map: ErrorMap): string {
  if (map.files === 0) return '';
  const text = map.files === 1 ? '1 file has errors' : `${map.files} files have errors`;
  return `<aside id="cesa-dev-errors" aria-label="Content errors" style="position:fixed;right:1rem;bottom:1rem;z-index:2147483647;max-width:calc(100vw - 2rem);padding:.5rem .875rem;border-radius:6px;background:#8a1c12;color:#fff;font:600 14px/1.4 system-ui,sans-serif;box-shadow:0 2px 10px rgba(0,0,0,.3)">${text} — <a href="${ERRORS_ROUTE}" style="color:#fff;text-decoration:underline">see ${map.files === 1 ? 'it' : 'them'}</a></aside>`;
}
