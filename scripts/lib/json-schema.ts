/** JSON Schemas for editors (autocompletion and hover docs in VS Code's YAML extension), from the zod schemas. */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as z from 'zod';
import { PageSchema } from '../../src/content/page-schema';
import { SiteSchema } from '../../src/content/site-schema';

export const SCHEMA_FILES = {
  'schemas/page.schema.json': PageSchema,
  'schemas/site.schema.json': SiteSchema,
} as const;

export function jsonSchemaText(schema: z.ZodType, title: string): string {
  // draft-7, the input side (what editors type, before defaults and transforms): what the YAML language server reads.
  const json = z.toJSONSchema(schema, { target: 'draft-7', io: 'input', unrepresentable: 'any' });
  return `${JSON.stringify({ title, ...json }, null, 2)}\n`;
}

/** Writes the schema files if they differ; returns the ones that changed. */
export function writeJsonSchemas(root: string): string[] {
  const changed: string[] = [];
  for (const [file, schema] of Object.entries(SCHEMA_FILES)) {
    const target = path.join(root, file);
    const text = jsonSchemaText(schema, file.includes('site') ? 'CESA site document' : 'CESA page');
    if (existsSync(target) && readFileSync(target, 'utf8') === text) continue;
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, text);
    changed.push(file);
  }
  return changed;
}
