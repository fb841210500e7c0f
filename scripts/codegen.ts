/**
 * `npm run codegen`: writes the committed files made from the code, for a developer who changed a
 * section type or a schema: the modules that list the section and part folders (src/**\/*.gen.ts),
 * the JSON Schemas of pages and the site document (schemas/*.json, for editors' autocompletion) and
 * README's catalogue of section types. Builds and checks never write them; a test fails while any
 * of them is out of date (tests/content/committed.test.ts).
 */
import { writeJsonSchemas } from './codegen/json-schema';

const root = process.cwd();
// The section index (node scripts/codegen/section-index.mjs) ran before this, as before every npm script.
const changed = writeJsonSchemas(root);
console.log(changed.length === 0 ? 'Generated files are up to date.' : `Updated ${changed.join(', ')}.`);
