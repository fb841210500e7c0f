/**
 * `npm run codegen`: writes the committed files made from the code, for a developer who changed a
 * section type, a schema or an error: the modules that list the section and part folders
 * (src/**\/*.gen.ts), the JSON Schemas of pages and the site document (schemas/*.json, for editors'
 * autocompletion), README's catalogue of section types, and docs/errors.md (every error's code, words
 * and what to do, from the one listing of the catalogues). Builds and checks never write them; a test
 * fails while any of them is out of date (tests/content/committed.test.ts, tests/errors/catalogue.test.ts).
 */
import { ERROR_LISTING } from '../editor/error-listing';
import { ERRORS_DOC, writeErrorsDoc } from '../scripts/codegen/errors-doc';
import { writeJsonSchemas } from '../scripts/codegen/json-schema';

const root = process.cwd();
// The section index (node scripts/codegen/section-index.mjs) ran before this, as before every npm script.
const changed = writeJsonSchemas(root);
if (writeErrorsDoc(root, ERROR_LISTING)) changed.push(ERRORS_DOC);
console.log(changed.length === 0 ? 'Generated files are up to date.' : `Updated ${changed.join(', ')}.`);
