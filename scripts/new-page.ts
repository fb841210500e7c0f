/**
 * `npm run new -- <route> [--from <route or template>]`: starts pages/<route>.yaml from a template
 * (pages/_templates/*.yaml, `basic` by default) or as a copy of an existing page. The page is made
 * exactly as the visual editor's "New page" makes it (scripts/authoring/create-page.ts): a copy
 * keeps the original's text and comments but not its aliases, and a route that is a page or an
 * alias already is refused.
 */
import { loadContent } from '../src/content/load';
import { EDITOR_ROUTE } from '../editor/protocol/api';
import { devUrl } from './dev/dev-address';
import { createPage } from './authoring/create-page';
import { Refusal } from '../editor/server/http';
import { contentPaths } from './authoring/page-files';
import { templatesOf } from './authoring/templates';
import { writeEditorSchemas } from './codegen/json-schema';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const root = process.cwd();
const paths = contentPaths(root);
const templates = templatesOf(paths.pagesDir).map((template) => template.name);

const args = process.argv.slice(2);
const fromIndex = args.indexOf('--from');
const from = fromIndex >= 0 ? args[fromIndex + 1] : undefined;
if (fromIndex >= 0 && !from) fail('--from needs a route (e.g. /etabs) or a template name.');
const positional = fromIndex < 0 ? args : args.filter((_, index) => index !== fromIndex && index !== fromIndex + 1);
const route = positional[0];
if (!route || positional.length > 1) {
  fail(`Usage: npm run new -- <route> [--from <route or template>]\n  e.g. npm run new -- /tekla-structures --from course\nTemplates: ${templates.join(', ')}.`);
}

let created: { file: string; route: string };
try {
  const source = !from || templates.includes(from) ? { template: from ?? 'basic' } : { copy: from.startsWith('/') ? from : `/${from}` };
  created = createPage(paths, loadContent({ root }), { route, from: source });
} catch (error) {
  if (error instanceof Refusal) fail(`${error.body.error}\n${error.body.hint ?? ''}`.trimEnd());
  throw error;
}

// The editor's schemas list the routes: links to the new page are checked while typing at once.
writeEditorSchemas(root);
try {
  console.log(`Created ${created.file}. Edit it and see it at ${devUrl(created.route)} (npm run dev), or edit it in the browser: ${devUrl(EDITOR_ROUTE)}?file=${created.file}`);
} catch (error) {
  console.log(`Created ${created.file}. Edit it and see it with npm run dev.`);
  console.error(`npm run dev will not start with this PORT. ${error instanceof Error ? error.message : String(error)}`);
}
