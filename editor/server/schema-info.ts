/**
 * GET /_editor/api/schema: what the form is generated from. The page's JSON Schema comes from the
 * same zod schemas the build validates with; each section type brings its documentation and its
 * example (what "Add section" inserts); the templates are those `npm run new` offers.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { PageSchema, SectionSchema } from '../../src/content/page-schema';
import { SiteSchema } from '../../src/content/site-schema';
import type { FormSchema, Json, SchemaResponse, SectionTypeInfo } from '../protocol/api';
import { formJsonSchema, sectionTypesOf, shortDescription } from '../../scripts/codegen/json-schema';
import { templatesOf } from '../../scripts/authoring/templates';


function sectionTypes(root: string): SectionTypeInfo[] {
  return SectionSchema.options.map((option, index) => {
    const type = sectionTypesOf(SectionSchema)[index]!;
    const description = option.description ?? type;
    const file = path.join(root, 'src/sections', type, 'example.yaml');
    const parsed: unknown = existsSync(file) ? parse(readFileSync(file, 'utf8')) : undefined;
    // Every folder has an example (the README's catalogue is made of them); its type is the folder's.
    const example = typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as { [key: string]: Json }) : {};
    return { type, label: shortDescription(description), description, example: { ...example, type } };
  });
}


/** How many submenus deep a recursive part of a schema (the menu's items) can be edited in the form. */
const NESTING_DEPTH = 6;

/**
 * The schema with each `$ref` (zod writes one for a schema that contains itself: a menu entry's
 * submenu) replaced by what it names, so that the form reads every node where it is. A recursive part
 * is written out NESTING_DEPTH times; deeper than that the form shows the data as it is.
 */
export function inlineReferences(schema: FormSchema): FormSchema {
  const definitions = (schema.definitions ?? schema.$defs ?? {}) as Record<string, unknown>;
  const copy = (value: unknown, depths: ReadonlyMap<string, number>): unknown => {
    if (Array.isArray(value)) return value.map((item) => copy(item, depths));
    if (typeof value !== 'object' || value === null) return value;
    const node = value as FormSchema;
    const { $ref: reference, ...rest } = node;
    const siblings = Object.fromEntries(Object.entries(rest).map(([key, child]) => [key, copy(child, depths)]));
    if (typeof reference !== 'string') return siblings;
    const name = reference.replace(/^#\/(definitions|\$defs)\//, '');
    const depth = (depths.get(name) ?? 0) + 1;
    const target = definitions[name];
    if (depth > NESTING_DEPTH || target === undefined) return siblings;
    return { ...(copy(target, new Map([...depths, [name, depth]])) as FormSchema), ...siblings };
  };
  const { definitions: _definitions, $defs: _defs, ...root } = schema;
  return copy(root, new Map()) as FormSchema;
}

/** The schema parts depend on the code only: made once per server. */
let pageSchema: SchemaResponse['page'] | undefined;
let siteSchema: SchemaResponse['site'] | undefined;

export function schemaResponse(root: string, pagesDir: string): SchemaResponse {
  pageSchema ??= formJsonSchema(PageSchema);
  siteSchema ??= inlineReferences(formJsonSchema(SiteSchema));
  return { page: pageSchema, site: siteSchema, sections: sectionTypes(root), templates: templatesOf(pagesDir) };
}
