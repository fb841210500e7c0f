/**
 * `npm run new -- <route> [--from <route or template>]`: starts pages/<route>.yaml from a template
 * (pages/_templates/*.yaml) or from an existing page.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseDocument } from 'yaml';
import { listPageFiles } from '../src/content/load';
import { routeOf } from '../src/content/routes';
import { RouteSchema } from '../src/content/fields';
import { writeEditorSchemas } from './lib/json-schema';
import { devUrl } from './lib/dev-address';
import { EDITOR_ROUTE } from '../src/editor/protocol';

const root = process.cwd();
const pagesDir = path.join(root, 'pages');
const templatesDir = path.join(pagesDir, '_templates');
const templates = readdirSync(templatesDir).filter((file) => file.endsWith('.yaml')).map((file) => file.replace(/\.yaml$/, ''));

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const args = process.argv.slice(2);
const fromIndex = args.indexOf('--from');
const from = fromIndex >= 0 ? args[fromIndex + 1] : undefined;
if (fromIndex >= 0 && !from) fail('--from needs a route (e.g. /etabs) or a template name.');
const positional = fromIndex < 0 ? args : args.filter((_, index) => index !== fromIndex && index !== fromIndex + 1);
const raw = positional[0];
if (!raw || positional.length > 1) {
  fail(`Usage: npm run new -- <route> [--from <route or template>]\n  e.g. npm run new -- /tekla-structures --from course\nTemplates: ${templates.join(', ')}.`);
}

const route = raw.startsWith('/') ? raw : `/${raw}`;
const parsed = RouteSchema.safeParse(route);
if (!parsed.success || route === '/') fail(`"${raw}" is not a route for a new page: use letters, digits and dashes, e.g. /tekla-structures.`);

const files = listPageFiles(pagesDir);
const byRoute = new Map(files.map((file) => [routeOf(file), file]));
if (byRoute.has(route)) fail(`${route} already exists: pages/${byRoute.get(route)}.`);

let source: string;
if (!from || templates.includes(from)) {
  source = readFileSync(path.join(templatesDir, `${from ?? 'basic'}.yaml`), 'utf8');
} else {
  const fromRoute = from.startsWith('/') ? from : `/${from}`;
  const file = byRoute.get(fromRoute);
  if (!file) fail(`--from ${from}: no page or template by that name. Templates: ${templates.join(', ')}; or a route such as /etabs.`);
  const doc = parseDocument(readFileSync(path.join(pagesDir, file), 'utf8'));
  // The copy must not claim the original's aliases.
  doc.deleteIn(['meta', 'aliases']);
  source = doc.toString();
}

const target = path.join(pagesDir, `${route.slice(1)}.yaml`);
if (existsSync(target)) fail(`${path.relative(root, target)} already exists.`);
mkdirSync(path.dirname(target), { recursive: true });
writeFileSync(target, source);
// The editor's schemas list the routes: links to the new page are checked while typing at once.
writeEditorSchemas(root);
try {
  const file = path.relative(root, target).split(path.sep).join('/');
  console.log(`Created ${file}. Edit it and see it at ${devUrl(route)} (npm run dev), or edit it in the browser: ${devUrl(EDITOR_ROUTE)}?file=${file}`);
} catch (error) {
  console.log(`Created ${path.relative(root, target)}. Edit it and see it with npm run dev.`);
  console.error(`npm run dev will not start with this PORT. ${error instanceof Error ? error.message : String(error)}`);
}
