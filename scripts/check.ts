/** `npm run check`: validates every content file, prints every error, builds nothing. */
import { formatReport } from '../src/content/errors';
import { loadContent } from '../src/content/load';
import { writeJsonSchemas } from './lib/json-schema';

const root = process.cwd();
const started = performance.now();
const content = loadContent({ root });
const seconds = ((performance.now() - started) / 1000).toFixed(2);
for (const file of writeJsonSchemas(root)) console.log(`Updated ${file} (editor autocompletion) from the schemas.`);

if (content.errors.length > 0) {
  console.error(formatReport(content.errors, { color: process.stderr.isTTY }));
  process.exit(1);
}
console.log(`Content OK: ${content.pages.length} pages and the site document checked in ${seconds} s.`);
