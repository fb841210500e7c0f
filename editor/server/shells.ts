/**
 * The two HTML pages of the editor: the editor itself (/_editor) and the preview it shows beside the
 * form (/_editor/preview, in a frame). Each is an empty page that loads its app; in `npm run dev` Vite
 * adds its client, and the hosted editor names its built files (hosted/app-build.ts).
 */
import { EDITOR_PREVIEW_ROUTE, EDITOR_ROUTE } from '../protocol/api';

/** An editor page: `entry` its script, `styles` its stylesheets (a built app's; Vite's dev server injects them itself). */
export function shell(title: string, root: string, entry: string, styles: readonly string[] = []): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex" />
    <!-- No icon of its own: without this line the browser asks for /favicon.ico, which the content may not have. -->
    <link rel="icon" href="data:," />
    <title>${title}</title>${styles.map((href) => `\n    <link rel="stylesheet" href="${href}" />`).join('')}
  </head>
  <body>
    <div id="${root}"></div>
    <script type="module" src="${entry}"></script>
  </body>
</html>
`;
}

/** The page at `pathname`, before Vite's transformIndexHtml, or undefined when it is not one of the editor's. */
export function shellFor(pathname: string): string | undefined {
  if (pathname === EDITOR_ROUTE || pathname === `${EDITOR_ROUTE}/`) return shell('CESA editor', 'editor-root', '/editor/app/main.tsx');
  if (pathname === EDITOR_PREVIEW_ROUTE) return shell('Preview · CESA editor', 'root', '/editor/app/preview-main.tsx');
  return undefined;
}
