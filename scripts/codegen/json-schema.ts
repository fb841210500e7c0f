/**
 * JSON Schemas for editors (autocompletion, hover docs and checks while typing in VS Code's YAML
 * extension, i.e. the YAML language server), from the zod schemas.
 *
 * zod's JSON Schema (draft-7, the input side) is reshaped for what yaml-language-server reads:
 * - a discriminated union (the sections) becomes one `if`/`then` per type, so that only the section's
 *   own type is offered, checked and documented, with one `defaultSnippets` entry per type for a new
 *   `- ` (named, described with its example, inserting `type:` and the required fields);
 * - each section type gets a `title` (its type) and its `type` property the type's description;
 * - a pattern or format failure says the zod message (`patternErrorMessage`), not the regex.
 *
 * Two sets of files: schemas/*.json are committed and depend on the schemas only; schemas/editor/*.json
 * (git-ignored, mapped by .vscode/settings.json) add what depends on the content — links must name a
 * page of the site, images and files must be in public/ — and are rewritten by `npm run check`,
 * `npm run dev` and `npm run new` ({@link writeEditorSchemas}).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, realpathSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import * as z from 'zod';
import { kindOf, slotOf } from '../../src/content/fields';
import { listPageFiles, type Content } from '../../src/content/load';
import { PageSchema, SectionSchema } from '../../src/content/page-schema';
import { routeOf } from '../../src/content/routes';
import { SiteSchema } from '../../src/content/site-schema';

const ROOT = path.resolve(import.meta.dirname, '../..');

export const SCHEMA_FILES = {
  'schemas/page.schema.json': PageSchema,
  'schemas/site.schema.json': SiteSchema,
} as const;

/** The same schemas, knowing the content's routes and public files: git-ignored, mapped by .vscode/settings.json. */
export const EDITOR_SCHEMA_FILES = {
  'schemas/editor/page.schema.json': PageSchema,
  'schemas/editor/site.schema.json': SiteSchema,
} as const;

/** The section types, in the order of the union (the folders'). */
export function sectionTypesOf(schema: typeof SectionSchema): string[] {
  return schema.options.map((option) => option.shape.type.value);
}

/** A JSON Schema node, as zod writes it and yaml-language-server reads it. */
export type JsonSchema = { [keyword: string]: unknown };

/** What the editor schemas check a document against: the routes of the site and the files of public/. */
export interface EditorContent {
  /** Every route a link may name (the pages' and their aliases'), with what completion says of it (the page's title). */
  routes: ReadonlyMap<string, string>;
  /** Every file of public/, as site paths (`/images/etabs.svg`). */
  publicFiles: readonly string[];
  /** The cities of the site's branches: what a batch's centre may be, besides online. */
  branches?: readonly string[] | undefined;
}

// Marks that the zod pass leaves on the nodes for the second pass; never written out.
const KIND = 'x-cesa-kind';
/** A public file shown in an image slot (a gallery photo): an image, like the paths of an image field. */
const SHOWN = 'x-cesa-shown';
const DISCRIMINATOR = 'x-cesa-discriminator';
/** The slot of an image (or of a public file shown as one): marked for the visual editor's form only. */
const SLOT = 'x-cesa-slot';

/** The message of a zod string format or regex check (what `npm run check` says), if it has one of its own. */
function formatMessage(schema: z.core.$ZodType): string | undefined {
  type CheckDef = { check?: string; error?: (issue: unknown) => unknown };
  const def = schema._zod.def as CheckDef & { checks?: { _zod: { def: CheckDef } }[] };
  for (const check of [def, ...(def.checks ?? []).map((entry) => entry._zod.def)]) {
    if (check.check !== 'string_format' || typeof check.error !== 'function') continue;
    const message = check.error({ code: 'invalid_format', input: '' });
    if (typeof message === 'string') return message;
    if (typeof message === 'object' && message !== null && typeof (message as { message?: unknown }).message === 'string') return (message as { message: string }).message;
  }
  return undefined;
}

/**
 * zod's JSON Schema, with the kinds of fields and the discriminated unions marked for {@link reshape};
 * with `slots`, the slots of images too (the visual editor's form, {@link formJsonSchema}).
 */
function zodJsonSchema(schema: z.ZodType, { slots = false }: { slots?: boolean } = {}): JsonSchema {
  return z.toJSONSchema(schema, {
    // draft-7, the input side (what editors type, before defaults and transforms): what the YAML language server reads.
    target: 'draft-7',
    io: 'input',
    unrepresentable: 'any',
    override: ({ zodSchema, jsonSchema }) => {
      const json = jsonSchema as JsonSchema;
      const kind = kindOf(zodSchema);
      if (kind) json[KIND] = kind;
      if (kind === 'public-file' && slotOf(zodSchema)) json[SHOWN] = true;
      const slot = slots ? slotOf(zodSchema) : undefined;
      if (slot) json[SLOT] = slot;
      const def = zodSchema._zod.def as { type: string; discriminator?: string };
      if (def.type === 'union' && def.discriminator !== undefined) json[DISCRIMINATOR] = def.discriminator;
      const message = formatMessage(zodSchema);
      if (message && (typeof json.pattern === 'string' || typeof json.format === 'string')) json.patternErrorMessage = message;
    },
  });
}

/**
 * The JSON Schema the visual editor (npm run dev, /_editor) builds its form from: zod's, as it is
 * (draft-7, the input side), with the marks `x-cesa-kind` (a field's kind), `x-cesa-slot` (where an
 * image is shown) and `x-cesa-discriminator` (the property that picks a union's branch: `type`).
 * The same zod pass as the editor schemas, without their reshaping for yaml-language-server.
 */
export function formJsonSchema(schema: z.ZodType): JsonSchema {
  const json = zodJsonSchema(schema, { slots: true });
  // A public file shown in an image slot carries the slot itself: the form needs no other mark.
  const unmark = (node: JsonSchema) => {
    delete node[SHOWN];
    for (const child of children(node)) unmark(child);
  };
  unmark(json);
  return json;
}

function isSchema(value: unknown): value is JsonSchema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The subschemas of a node, by the keyword that holds them. */
function children(node: JsonSchema): JsonSchema[] {
  const found: JsonSchema[] = [];
  for (const key of ['items', 'additionalProperties', 'not', 'if', 'then', 'else', 'contains', 'propertyNames']) {
    const value = node[key];
    if (isSchema(value)) found.push(value);
    else if (Array.isArray(value)) found.push(...value.filter(isSchema));
  }
  for (const key of ['anyOf', 'oneOf', 'allOf']) if (Array.isArray(node[key])) found.push(...(node[key] as unknown[]).filter(isSchema));
  for (const key of ['properties', 'patternProperties', 'definitions', '$defs']) {
    if (isSchema(node[key])) found.push(...Object.values(node[key]).filter(isSchema));
  }
  return found;
}

/** A section type's example (src/sections/<type>/example.yaml): its leading comment and its YAML as a list item. */
export function sectionExample(root: string, type: string): { comment: string; yaml: string } | undefined {
  const file = path.join(root, 'src/sections', type, 'example.yaml');
  if (!existsSync(file)) return undefined;
  const lines = readFileSync(file, 'utf8').split('\n');
  const comment = lines.filter((line, index) => line.startsWith('#') && lines.slice(0, index).every((before) => before.startsWith('#')));
  const yaml = lines
    .slice(comment.length)
    .join('\n')
    .trim()
    .split('\n')
    .map((line, index) => (index === 0 ? `- ${line}` : `  ${line}`).trimEnd())
    .join('\n');
  return { comment: comment.map((line) => line.replace(/^#\s?/, '')).join(' ').trim(), yaml };
}

/**
 * The short name of a section type for the completion list, from its description: "FAQ: questions that
 * open one at a time. …" → "Questions that open one at a time".
 */
export function shortDescription(description: string): string {
  const text = description.replace(/^[^:.]{1,30}:\s+/, '');
  const sentence = (/^.*?[.;](?=\s|$)/.exec(text)?.[0] ?? text).replace(/[.;]$/, '');
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
}

/** yaml-language-server cuts a completion label after 60 characters, mid-word: cut it at a word instead. */
const MAX_LABEL = 60;

/** "faq — Questions that open one at a time": the type and the first sentence of its description. */
export function completionLabel(value: string, description: string): string {
  const label = `${value} — ${shortDescription(description)}`;
  if (label.length <= MAX_LABEL) return label;
  return `${label.slice(0, MAX_LABEL - 1).replace(/[\s,;:]+\S*$/, '')}…`;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A pattern that matches exactly these strings (escaped for yaml-language-server's `u` regular expressions). */
function oneOfPattern(values: readonly string[]): string {
  return values.length === 0 ? '^(?!)$' : `^(?:${[...values].sort().map(escapeRegExp).join('|')})$`;
}

/**
 * A link that names a page (`/…`) must name a route of the site; like `npm run check`, a trailing
 * slash, a `?query` or a `#anchor` after the route is fine (src/content/routes.ts, normaliseRoute).
 */
export function routePattern(routes: readonly string[]): string {
  const others = routes.filter((route) => route !== '/').sort().map(escapeRegExp);
  const paths = [...(routes.includes('/') ? ['/'] : []), ...(others.length > 0 ? [`(?:${others.join('|')})/*`] : [])];
  return paths.length === 0 ? '^(?!)$' : `^(?:${paths.join('|')})(?:[?#].*)?$`;
}

const IMAGE_FILE = /\.(svg|webp|avif|png|jpe?g|gif)$/i;

const MESSAGES = {
  route: 'there is no page at this address: check it against the file names in pages/ (pages/contact.yaml is /contact), or create the page (npm run new)',
  file: 'there is no such file in public/: check the folder and the spelling (/images/etabs.svg is public/images/etabs.svg)',
  date: 'this is not a date written year-month-day, for example 2027-01-11',
  branch: "this is not one of the academy's branches: write the city of a branch (see the site settings), or online",
  image: 'there is no such image in public/ (.svg, .webp, .avif, .png, .jpg or .gif): check the folder and the spelling (/images/etabs.svg is public/images/etabs.svg)',
  sectionType: 'this is not a section type: start a new `- ` under sections: and pick one from the list',
};

/**
 * The checks and values that depend on the content, by kind of field: a link to a page must name a
 * route; a public file or an image must be in public/. Each also lists its values for completion
 * (`defaultSnippets`: unlike an `enum`, hover does not repeat them). Copied into every field of the kind
 * rather than shared through `$ref`: yaml-language-server notes the title of a hover on the subschemas
 * it validates, and a shared one would carry the section type of the last field validated.
 */
class ContentChecks {
  readonly link: JsonSchema;
  private files = new Map<string, { file: JsonSchema; image: JsonSchema }>();

  constructor(private content: EditorContent) {
    this.link = {
      if: { pattern: '^/\\S*$' },
      then: { pattern: routePattern([...content.routes.keys()]), patternErrorMessage: MESSAGES.route },
      defaultSnippets: [
        { label: 'form', description: 'The external enquiry form (form.url in _site.yaml), opened in a new tab.', body: 'form' },
        ...[...content.routes].map(([route, about]) => ({ label: route, description: about, body: route })),
      ],
    };
  }

  /** The checks of a public file or an image whose path has the pattern `pattern` (checked first, with its own message). */
  file(pattern: string, image: boolean): JsonSchema {
    let checks = this.files.get(pattern);
    if (!checks) {
      const files = (list: readonly string[], message: string) => ({
        if: { pattern },
        then: { pattern: oneOfPattern(list), patternErrorMessage: message },
        defaultSnippets: list.map((file) => ({ label: file, body: file })),
      });
      const { publicFiles } = this.content;
      checks = { file: files(publicFiles, MESSAGES.file), image: files(publicFiles.filter((file) => IMAGE_FILE.test(file)), MESSAGES.image) };
      this.files.set(pattern, checks);
    }
    return image ? checks.image : checks.file;
  }

  /** A batch's centre: a branch's city or online, offered for completion. */
  private branch(): JsonSchema | undefined {
    const { branches } = this.content;
    if (!branches) return undefined;
    const centres = [...branches, 'online'];
    return { pattern: oneOfPattern(centres), patternErrorMessage: MESSAGES.branch, defaultSnippets: centres.map((centre) => ({ label: centre, body: centre })) };
  }

  /** Adds the checks to a field of a kind (a copy of them). */
  add(node: JsonSchema, kind: string, inImage: boolean): void {
    const check =
      kind === 'link' ? this.link : kind === 'public-file' && typeof node.pattern === 'string' ? this.file(node.pattern, inImage) : kind === 'branch' ? this.branch() : undefined;
    if (check) Object.assign(node, structuredClone(check));
  }
}

/** The value a snippet inserts for a required field: its required fields in turn, or a tab stop. */
function snippetValue(node: JsonSchema, next: () => string, depth = 0): unknown {
  if (depth > 8) return next();
  if (node.const !== undefined) return node.const;
  const options = [...((node.anyOf as JsonSchema[] | undefined) ?? []), ...((node.oneOf as JsonSchema[] | undefined) ?? [])];
  if (options.length > 0) return snippetValue(options.find((option) => option.type === 'string') ?? options[0]!, next, depth + 1);
  if (node.type === 'array' && isSchema(node.items)) return [snippetValue(node.items, next, depth + 1)];
  if (node.type === 'object' && isSchema(node.properties)) {
    const properties = node.properties as Record<string, JsonSchema>;
    const required = (node.required as string[] | undefined) ?? [];
    return Object.fromEntries(required.filter((key) => properties[key]).map((key) => [key, snippetValue(properties[key]!, next, depth + 1)]));
  }
  return next();
}

/** One branch's documentation: for the section types, the folder's example. */
type BranchDocs = (value: string) => { yaml: string } | undefined;

/**
 * A discriminated union as yaml-language-server handles it best: the branch whose discriminator the
 * document names is the only one that applies (`if`/`then`), so completion offers that type's fields
 * and errors are that type's. A new item is started from one snippet per branch.
 */
function discriminatedUnion(node: JsonSchema, key: string, docs: BranchDocs): JsonSchema {
  const branches = ((node.oneOf ?? node.anyOf) as JsonSchema[] | undefined) ?? [];
  const entries = branches.map((branch) => {
    const properties = (branch.properties ?? {}) as Record<string, JsonSchema>;
    const value = String(properties[key]?.const);
    const description = typeof branch.description === 'string' ? branch.description : value;
    return { branch, properties, value, description };
  });
  const values = entries.map((entry) => entry.value);
  const { oneOf: _oneOf, anyOf: _anyOf, [DISCRIMINATOR]: _key, ...rest } = node;
  const snippets = entries.map(({ branch, value, description }) => {
    let stop = 0;
    const example = docs(value);
    return {
      label: completionLabel(value, description),
      description,
      markdownDescription: example ? `${description}\n\nFor example:\n\n\`\`\`yaml\n${example.yaml}\n\`\`\`` : description,
      body: snippetValue(branch, () => `$${++stop}`),
    };
  });
  return {
    ...rest,
    type: 'object',
    required: [key],
    allOf: [
      // Offered only where the item has no type yet (a new `- `), not inside a section of another type.
      { if: { not: { type: 'object', required: [key] } }, then: { type: 'object', defaultSnippets: snippets } },
      ...entries.map(({ branch, properties, value, description }) => ({
        if: { type: 'object', properties: { [key]: { const: value } }, required: [key] },
        then: {
          ...branch,
          title: value,
          properties: { ...properties, [key]: { ...properties[key], description } },
        },
      })),
      {
        if: { type: 'object', properties: { [key]: { not: { enum: values } } }, required: [key] },
        then: {
          properties: {
            [key]: {
              description: `The ${key} of this item: one of ${values.join(', ')}.`,
              enum: values,
              enumDescriptions: entries.map((entry) => entry.description),
              errorMessage: MESSAGES.sectionType,
            },
          },
        },
      },
    ],
  };
}

/**
 * `anyOf` of values of different JSON types, none of them an object (text or a list; a number or text),
 * as one schema: `type: [string, array]` with each option's keywords, which apply to their own type only.
 * The same values are valid; yaml-language-server then heads a hover with the field's section type
 * instead of "hero || hero", and says "Expected one of string, array" instead of the first option's error.
 */
function mergeTypeUnion(node: JsonSchema): void {
  const options = node.anyOf;
  if (!Array.isArray(options) || options.length < 2 || !options.every(isSchema)) return;
  const types = options.map((option) => option.type);
  if (!types.every((type) => typeof type === 'string' && type !== 'object') || new Set(types).size !== types.length) return;
  const keys = options.flatMap((option) => Object.keys(option).filter((key) => key !== 'type'));
  // Every keyword once, and none that the node has itself: then no option's keyword changes another's meaning.
  if (new Set(keys).size !== keys.length || keys.some((key) => key in node || key.startsWith('x-') || key === 'if')) return;
  delete node.anyOf;
  Object.assign(node, ...options.map(({ type: _type, ...keywords }) => keywords), { type: types });
}

/**
 * A field's options (a path, or { src, alt }) say nothing of their own where the field says what it is
 * for: yaml-language-server shows the first description it meets, and meets the option's first.
 */
function dropOptionDescriptions(node: JsonSchema): void {
  if (typeof node.description !== 'string') return;
  for (const key of ['anyOf', 'oneOf']) {
    if (Array.isArray(node[key])) for (const option of node[key] as unknown[]) if (isSchema(option)) delete option.description;
  }
}

interface ReshapeOptions {
  /** The checks that depend on the content; none for the committed schemas. */
  checks?: ContentChecks | undefined;
  docs: BranchDocs;
}

/** Reshapes zod's JSON Schema for yaml-language-server (see the top of this file), in place; returns the new root. */
function reshape(node: JsonSchema, options: ReshapeOptions, inImage = false): JsonSchema {
  const kind = typeof node[KIND] === 'string' ? node[KIND] : undefined;
  const shown = node[SHOWN] === true;
  delete node[KIND];
  delete node[SHOWN];
  for (const child of children(node)) {
    // A child may be replaced (a union): rewrite it where it is.
    const replaced = reshape(child, options, inImage || kind === 'image');
    if (replaced !== child) {
      for (const key of Object.keys(child)) delete child[key];
      Object.assign(child, replaced);
    }
  }
  if (kind) options.checks?.add(node, kind, inImage || shown);
  // A calendar date, year-month-day: editors that know JSON Schema's formats check and complete it as one.
  if (kind === 'date') Object.assign(node, { format: 'date', patternErrorMessage: MESSAGES.date });
  mergeTypeUnion(node);
  dropOptionDescriptions(node);
  const discriminator = node[DISCRIMINATOR];
  if (typeof discriminator === 'string') return discriminatedUnion(node, discriminator, options.docs);
  return node;
}

/**
 * The JSON Schema of a document for editors; with `content`, it also checks links and files against the
 * site. No root `title`: yaml-language-server heads a hover with the nearest title, and the page's would
 * head every field's (the section types are titled instead).
 */
export function editorJsonSchema(schema: z.ZodType, name: string, content?: EditorContent, root = ROOT): JsonSchema {
  const options: ReshapeOptions = { checks: content && new ContentChecks(content), docs: (type) => sectionExample(root, type) };
  const { $schema, ...rest } = reshape(zodJsonSchema(schema), options);
  return {
    $schema,
    $comment: `${name}: generated from the zod schemas by scripts/codegen/json-schema.ts (npm run codegen); do not edit.${
      content ? ' It knows the routes and the files of public/ as they were when it was written (npm run check, dev and new rewrite it).' : ''
    }`,
    ...rest,
  };
}

/** The committed schema's text (content-independent). */
export function jsonSchemaText(schema: z.ZodType, name: string): string {
  return `${JSON.stringify(editorJsonSchema(schema, name), null, 2)}\n`;
}

const NAMES: Record<string, string> = {
  'schemas/page.schema.json': 'CESA page',
  'schemas/site.schema.json': 'CESA site document',
  'schemas/editor/page.schema.json': 'CESA page, with the routes and files of this copy of the site',
  'schemas/editor/site.schema.json': 'CESA site document, with the routes and files of this copy of the site',
};

/** The section catalogue's document: its generated part sits between the two markers below. */
export const CATALOGUE_DOCUMENT = 'docs/sections.md';
const CATALOGUE_START = '<!-- section-types: generated from src/sections/<type>/example.yaml by npm run codegen -->';
const CATALOGUE_END = '<!-- /section-types -->';

/**
 * The catalogue of section types (docs/sections.md): each folder's example.yaml, its leading comment as the
 * description and the rest as the YAML an editor copies into a page's `sections:`.
 */
export function sectionCatalogue(root: string, types: readonly string[]): string {
  const entries = types.map((type) => {
    const { comment: description, yaml } = sectionExample(root, type) ?? { comment: '', yaml: '' };
    return `**${type}**: ${description.charAt(0).toLowerCase()}${description.slice(1)}\n\n\`\`\`yaml\n${yaml}\n\`\`\``;
  });
  return [CATALOGUE_START, ...entries, CATALOGUE_END].join('\n\n');
}

/**
 * docs/sections.md with its catalogue of section types as the folders say. A document that lost its
 * markers is refused in words: the catalogue would otherwise silently stop being written.
 */
export function documentWithCatalogue(root: string, types: readonly string[]): string {
  const text = readFileSync(path.join(root, CATALOGUE_DOCUMENT), 'utf8');
  const start = text.indexOf(CATALOGUE_START);
  const end = text.indexOf(CATALOGUE_END);
  if (start === -1 || end < start) {
    throw new Error(`${CATALOGUE_DOCUMENT} has lost the markers of its generated catalogue. Put back the line\n${CATALOGUE_START}\nand, below it, the line\n${CATALOGUE_END}\nthen run npm run codegen.`);
  }
  return text.slice(0, start) + sectionCatalogue(root, types) + text.slice(end + CATALOGUE_END.length);
}

/** Writes `text` to `file` unless it is already so; atomically, so an editor never reads half a schema. */
function writeIfChanged(file: string, text: string): boolean {
  if (existsSync(file) && readFileSync(file, 'utf8') === text) return false;
  mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, text);
  renameSync(temporary, file);
  return true;
}

/**
 * The committed files made from the code (the schemas' JSON and the section catalogue) that
 * differ from what the code gives now: `npm run check` names them, `npm run codegen` writes them.
 */
export function staleGeneratedFiles(root: string): string[] {
  const stale: string[] = [];
  if (documentWithCatalogue(root, sectionTypesOf(SectionSchema)) !== readFileSync(path.join(root, CATALOGUE_DOCUMENT), 'utf8')) stale.push(CATALOGUE_DOCUMENT);
  for (const [file, schema] of Object.entries(SCHEMA_FILES)) {
    const target = path.join(root, file);
    if (!existsSync(target) || readFileSync(target, 'utf8') !== jsonSchemaText(schema, NAMES[file]!)) stale.push(file);
  }
  return stale;
}

/** Writes the committed schema files and the section catalogue (docs/sections.md) if they differ (`npm run codegen`); returns the ones that changed. */
export function writeJsonSchemas(root: string): string[] {
  const changed: string[] = [];
  const catalogue = documentWithCatalogue(root, sectionTypesOf(SectionSchema));
  if (catalogue !== readFileSync(path.join(root, CATALOGUE_DOCUMENT), 'utf8')) {
    writeFileSync(path.join(root, CATALOGUE_DOCUMENT), catalogue);
    changed.push(CATALOGUE_DOCUMENT);
  }
  for (const [file, schema] of Object.entries(SCHEMA_FILES)) {
    if (writeIfChanged(path.join(root, file), jsonSchemaText(schema, NAMES[file]!))) changed.push(file);
  }
  return changed;
}

/**
 * Every file of public/, as site paths, as the content check lists them (src/content/load.ts): regular
 * files, and links to regular files inside the folder.
 */
export function publicFilesOf(root: string): string[] {
  const dir = path.join(root, 'public');
  if (!existsSync(dir)) return [];
  const realRoot = realpathSync(dir);
  const files: string[] = [];
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isDirectory()) continue;
    const absolute = path.join(entry.parentPath, entry.name);
    try {
      const real = realpathSync(absolute);
      if (!real.startsWith(realRoot + path.sep) || !statSync(real).isFile()) continue;
    } catch {
      continue; // a dangling link
    }
    files.push(`/${path.relative(dir, absolute).split(path.sep).join('/')}`);
  }
  return files.sort();
}

/** A page file's title and aliases (`meta.title`, `meta.aliases`), read leniently: a page with mistakes still has them. */
function pageFacts(file: string): { title?: string; aliases: string[] } {
  try {
    const document = parse(readFileSync(file, 'utf8')) as { meta?: { title?: unknown; aliases?: unknown } } | null;
    const { title, aliases } = document?.meta ?? {};
    return {
      ...(typeof title === 'string' ? { title } : {}),
      aliases: Array.isArray(aliases) ? aliases.filter((alias): alias is string => typeof alias === 'string') : [],
    };
  } catch {
    return { aliases: [] };
  }
}

/** What {@link writeEditorSchemas} takes from loaded content (`Content` of src/content/load.ts). */
export type LoadedContent = Pick<Content, 'pages' | 'redirects'> & Partial<Pick<Content, 'site'>>;

/**
 * The routes and public files of the site at `root`. Every page file is a route, valid or not (as for
 * `npm run check`); titles and aliases come from `content` when the caller has loaded it, else from the files.
 */
export function editorContentOf(root: string, content?: LoadedContent): EditorContent {
  const pagesDir = path.join(root, 'pages');
  const files = existsSync(pagesDir) ? listPageFiles(pagesDir) : [];
  const routes = new Map<string, string>();
  const titles = new Map(content?.pages.map((entry) => [entry.route, entry.page.meta.title]));
  const redirects = new Map(content?.redirects);
  for (const file of files) {
    const route = routeOf(file);
    if (!content) {
      const facts = pageFacts(path.join(pagesDir, file));
      if (facts.title) titles.set(route, facts.title);
      for (const alias of facts.aliases) if (!redirects.has(alias)) redirects.set(alias, route);
    }
    routes.set(route, `${titles.get(route) ?? 'A page of this site'} (pages/${file})`);
  }
  for (const [alias, target] of redirects) if (!routes.has(alias)) routes.set(alias, `Redirects to ${target}`);
  return { routes: new Map([...routes].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))), publicFiles: publicFilesOf(root), branches: content?.site ? content.site.branches.map((branch) => branch.city) : branchesIn(pagesDir) };
}

/** The cities of the branches the site document names, read as written (a broken one names none). */
function branchesIn(pagesDir: string): string[] | undefined {
  const file = path.join(pagesDir, '_site.yaml');
  if (!existsSync(file)) return undefined;
  try {
    const parsed = SiteSchema.shape.branches.safeParse((parse(readFileSync(file, 'utf8')) as { branches?: unknown } | null)?.branches);
    return parsed.success ? parsed.data.map((branch) => branch.city) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Writes schemas/editor/*.json: the committed schemas plus the routes and the files of public/ of the
 * site at `root`, so that the editor flags a link to a page that does not exist and an image that is
 * not in public/ while one types, and completes both. Call it whenever pages or public files may have
 * changed (`npm run check`, `npm run dev` on each change, `npm run new`); pass the loaded content when
 * there is one (its titles and aliases), else the page files are read. Returns the files that changed
 * (an unchanged file is not touched, so the editor does not reload it).
 */
export function writeEditorSchemas(root: string, content?: LoadedContent): string[] {
  const site = editorContentOf(root, content);
  const key = JSON.stringify([[...site.routes], site.publicFiles, site.branches]);
  const changed: string[] = [];
  for (const [file, schema] of Object.entries(EDITOR_SCHEMA_FILES)) {
    const target = path.join(root, file);
    // Most saves in `npm run dev` change neither the routes nor the files: nothing to make.
    if (written.get(target) === key && existsSync(target)) continue;
    // One line: it is large (every link and image field lists the routes or the files) and read by editors only.
    if (writeIfChanged(target, `${JSON.stringify(editorJsonSchema(schema, NAMES[file]!, site, root))}\n`)) changed.push(file);
    written.set(target, key);
  }
  return changed;
}

/** What this process last wrote each editor schema from (its routes and files). */
const written = new Map<string, string>();
