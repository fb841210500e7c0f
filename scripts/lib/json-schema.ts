/** JSON Schemas for editors (autocompletion and hover docs in VS Code's YAML extension), from the zod schemas. */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as z from 'zod';
import { PageSchema, SectionSchema } from '../../src/content/page-schema';
import { SiteSchema } from '../../src/content/site-schema';

export const SCHEMA_FILES = {
  'schemas/page.schema.json': PageSchema,
  'schemas/site.schema.json': SiteSchema,
} as const;

/** The section types, in the order of the union (the folders'). */
export function sectionTypesOf(schema: typeof SectionSchema): string[] {
  return schema.options.map((option) => option.shape.type.value);
}

export function jsonSchemaText(schema: z.ZodType, title: string): string {
  // draft-7, the input side (what editors type, before defaults and transforms): what the YAML language server reads.
  const json = z.toJSONSchema(schema, { target: 'draft-7', io: 'input', unrepresentable: 'any' });
  return `${JSON.stringify({ title, ...json }, null, 2)}\n`;
}

export const README = 'README.md';
const CATALOGUE_START = '<!-- section-types: generated from src/sections/<type>/example.yaml by npm run check -->';
const CATALOGUE_END = '<!-- /section-types -->';

/**
 * README's catalogue of section types: each folder's example.yaml, its leading comment as the
 * description and the rest as the YAML an editor copies into a page's `sections:`.
 */
export function sectionCatalogue(root: string, types: readonly string[]): string {
  const entries = types.map((type) => {
    const source = readFileSync(path.join(root, 'src/sections', type, 'example.yaml'), 'utf8');
    const lines = source.split('\n');
    const comment = lines.filter((line, index) => line.startsWith('#') && lines.slice(0, index).every((before) => before.startsWith('#')));
    const description = comment.map((line) => line.replace(/^#\s?/, '')).join(' ').trim();
    const yaml = lines
      .slice(comment.length)
      .join('\n')
      .trim()
      .split('\n')
      .map((line, index) => (index === 0 ? `- ${line}` : `  ${line}`).trimEnd())
      .join('\n');
    return `**${type}**: ${description.charAt(0).toLowerCase()}${description.slice(1)}\n\n\`\`\`yaml\n${yaml}\n\`\`\``;
  });
  return [CATALOGUE_START, ...entries, CATALOGUE_END].join('\n\n');
}

/** README with its catalogue of section types as the folders say. */
export function readmeWithCatalogue(root: string, types: readonly string[]): string {
  const readme = readFileSync(path.join(root, README), 'utf8');
  const start = readme.indexOf(CATALOGUE_START);
  const end = readme.indexOf(CATALOGUE_END);
  if (start === -1 || end === -1) return readme;
  return readme.slice(0, start) + sectionCatalogue(root, types) + readme.slice(end + CATALOGUE_END.length);
}

/** Writes the schema files and README's section catalogue if they differ; returns the ones that changed. */
export function writeJsonSchemas(root: string): string[] {
  const changed: string[] = [];
  const readme = readmeWithCatalogue(root, sectionTypesOf(SectionSchema));
  if (readme !== readFileSync(path.join(root, README), 'utf8')) {
    writeFileSync(path.join(root, README), readme);
    changed.push(README);
  }
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
