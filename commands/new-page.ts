/**
 * `npm run new -- [<route>] --name <name> [--duration <duration>] [--from <route or template>]`:
 * starts a page from a template (pages/_templates/*.yaml, `basic` by default) or as a copy of an
 * existing page, with its name (and a course's duration) filled in everywhere the page shows it. The
 * route may be left out: it is suggested from the name. Run in a terminal without `--name`, it asks
 * for the name (and a course's duration, and the route, suggesting one); nothing is made until the
 * name is given. The page is made exactly as the visual editor's "New page" makes it
 * (scripts/authoring/create-page.ts): a copy keeps the original's text and comments but not its
 * aliases, and a route that is a page or an alias already is refused.
 */
import { createInterface } from 'node:readline/promises';
import { loadContent } from '../src/content/load';
import { routeForName } from '../src/content/new-page';
import { EDITOR_ROUTE } from '../editor/protocol/api';
import { devUrl } from '../scripts/dev/dev-address';
import { createPage } from '../scripts/authoring/create-page';
import { Refusal } from '../editor/server/http';
import { contentPaths } from '../scripts/authoring/page-files';
import { templatesOf } from '../scripts/authoring/templates';
import { writeEditorSchemas } from '../scripts/codegen/json-schema';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const root = process.cwd();
const paths = contentPaths(root);
const templates = templatesOf(paths.pagesDir);
const usage = [
  'Usage: npm run new -- [<route>] --name <name> [--duration <duration>] [--from <route or template>]',
  '  e.g. npm run new -- --name "Tekla Structures" --duration "45 hours" --from course',
  '  The route is suggested from the name when it is left out (here /tekla-structures).',
  `Templates: ${templates.map((template) => template.name).join(', ')}.`,
].join('\n');

/** `--flag value` pairs and the positional arguments. */
function readArgs(args: readonly string[]): { flags: Map<string, string>; positional: string[] } {
  const flags = new Map<string, string>();
  const positional: string[] = [];
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index]!;
    if (!arg.startsWith('--')) {
      positional.push(arg);
      continue;
    }
    const flag = arg.slice(2);
    if (!['from', 'name', 'duration'].includes(flag)) fail(`--${flag} is not an option.\n${usage}`);
    const value = args[index + 1];
    if (value === undefined || value.startsWith('--')) fail(`--${flag} needs a value${flag === 'from' ? ': a route (e.g. /etabs) or a template name' : ''}.\n${usage}`);
    flags.set(flag, value);
    index += 1;
  }
  return { flags, positional };
}

const { flags, positional } = readArgs(process.argv.slice(2));
if (positional.length > 1) fail(usage);
const from = flags.get('from');
const source = !from || templates.some((template) => template.name === from) ? { template: from ?? 'basic' } : { copy: from.startsWith('/') ? from : `/${from}` };
const isCourse = 'template' in source && templates.find((template) => template.name === source.template)?.course === true;

let name = flags.get('name');
let duration = flags.get('duration');
let route = positional[0];
if (name === undefined || !name.trim()) {
  // Asked only in a terminal: a script or a pipe gives its answers as flags.
  if (!process.stdin.isTTY) fail(`The new page needs a name first: add --name "…".\n${usage}`);
  const terminal = createInterface({ input: process.stdin, output: process.stdout });
  try {
    while (!name?.trim()) name = await terminal.question('Name of the new page (e.g. Tekla Structures): ');
    if (isCourse && duration === undefined) duration = (await terminal.question("The course's duration (e.g. 45 hours; Enter to leave the template's): ")).trim() || undefined;
    if (route === undefined) {
      const suggested = routeForName(name);
      route = (await terminal.question(`Address${suggested ? ` [${suggested}]` : ''}: `)).trim() || suggested;
    }
  } finally {
    terminal.close();
  }
}
route ??= routeForName(name);
if (!route) fail(`No address can be made from the name "${name}": give one, e.g. npm run new -- /tekla-structures --name "${name}".`);

let created: { file: string; route: string };
try {
  created = createPage(paths, loadContent({ root }), { name, duration, route, from: source });
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
