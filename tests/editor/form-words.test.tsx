/**
 * Every word the form shows an editor is a plain word: the form is rendered with every field of
 * every section type, of the page's search settings and of the site document filled in (every
 * optional field too, each list with an entry, each field that can be written two ways written
 * both ways in turn), every panel and group opened, and every text an editor reads (labels,
 * legends, help, notes, buttons, choices, names read out) is checked against the marks of a
 * developer's words: file and folder names, YAML and JSON syntax, field keys, `true`/`false`.
 * The "view as it is written" box (`.ef-raw`) and what the editor typed are not the form's words.
 */
import { cleanup, fireEvent, render } from '@testing-library/react';
import path from 'node:path';
import { schemaResponse } from '../../editor/server/schema-info';
import { PageForm, type FormContext } from '../../editor/app/form';
import { branchesOf, discriminatorOf, enumOf, hasConst, itemsOf, kindOf, propertiesOf, typeOf } from '../../editor/app/form/schema';
import type { FormSchema, Json } from '../../editor/protocol/api';
import { COURSE_FACT_NAMES } from '../../src/content/course-facts';
import { DATED_WORDS } from '../../src/content/dated-words';

const ROOT = path.resolve(import.meta.dirname, '../..');
const { page: PAGE, site: SITE, sections: TYPES } = schemaResponse(ROOT, path.join(ROOT, 'pages'));

/** Every key of every schema: a label or help that shows one as it is written is a developer's word. */
function keysOf(schema: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(schema)) for (const item of schema) keysOf(item, into);
  else if (typeof schema === 'object' && schema !== null) {
    const node = schema as FormSchema;
    for (const key of Object.keys(propertiesOf(node))) into.add(key);
    for (const child of Object.values(node)) keysOf(child, into);
  }
  return into;
}

const SECTION_TYPES = TYPES.map((info) => info.type);
/** Keys that are also plain words of a sentence ("the title", "a link"): only their written form ("title:") counts. */
const KEYS_IN_CODE = [...keysOf(PAGE), ...keysOf(SITE)].filter((key) => /[A-Z_-]/.test(key) || ['src', 'href', 'alt', 'id', 'qr', 'cta', 'meta'].includes(key));

// …and the figures of the date ({year}, {years}: src/content/dated-words.ts), the same kind of words.
const FACTS = [...COURSE_FACT_NAMES, ...DATED_WORDS].join('|');

export const DEVELOPER_WORDS: { name: string; pattern: RegExp }[] = [
  { name: 'backticks', pattern: /`/ },
  { name: 'a file name', pattern: /\b[\w-]*\.(ya?ml|json|tsx?|mjs|md)\b/i },
  { name: 'a folder', pattern: /(^|[\s("'])(public|pages|src|scripts|editor|images)\//i },
  { name: 'the site document', pattern: /_site\b/ },
  { name: 'a YAML key', pattern: /(^|\s)-\s+[a-z][\w-]*:|\b(type|src|href|alt|group|label|order|value|title|items):(\s|$)/ },
  // A course's facts named in braces ("{duration}") are what an editor types to show a fact (src/content/course-facts.ts), like a mail merge's fields: those are words.
  { name: 'braces or brackets of code', pattern: new RegExp(`\\{(?!(${FACTS})\\})|(?<!\\{(${FACTS}))\\}|\\[\\s*\\]`) },
  { name: 'true or false', pattern: /\b(true|false|null|undefined)\b/ },
  { name: 'a key in camelCase', pattern: /\b[a-z]+[A-Z][a-zA-Z]*\b/ },
  { name: 'a key in snake_case', pattern: /\b[a-z]+_[a-z_]+\b/ },
  { name: 'a path of keys', pattern: /\b(meta|form|site|sections|course|social|firebase|contact|footer)\.[a-z]/ },
  { name: 'a raw section type', pattern: new RegExp(`\\b(${SECTION_TYPES.filter((type) => type.includes('-') || type === 'cta').join('|')})\\b`) },
  { name: 'a key written as it is', pattern: new RegExp(`(^|[^\\w-])(${KEYS_IN_CODE.join('|')})([^\\w-]|$)`) },
  { name: "a developer's term", pattern: /\b(yaml|json|schema|zod|npm|regex|string|boolean|integer|array|slug|h[1-6]|frontmatter|enum)\b/i },
];

/** A value with every field of `schema` filled in; `way` picks how a field written in more ways than one is written. */
function fullValue(schema: FormSchema, way: 'rich' | 'plain', depth = 0): Json {
  if (hasConst(schema)) return schema.const as Json;
  const choices = enumOf(schema);
  if (choices && choices.length > 0) return choices[0]!;
  const branches = branchesOf(schema);
  if (branches.length > 0) {
    if (discriminatorOf(schema)) return fullValue(branches[0]!, way, depth + 1);
    const rank = (branch: FormSchema) => (hasConst(branch) ? 9 : { object: 0, array: 1 }[typeOf(branch) ?? ''] ?? 2);
    const sorted = [...branches].sort((a, b) => (way === 'rich' ? rank(a) - rank(b) : rank(b) % 9 - (rank(a) % 9)));
    const kind = kindOf(schema);
    return fullValue(kind ? { ...sorted[0]!, 'x-cesa-kind': kind } : sorted[0]!, way, depth + 1);
  }
  switch (typeOf(schema)) {
    case 'object':
      return Object.fromEntries(Object.entries(propertiesOf(schema)).map(([key, child]) => [key, depth > 14 ? null : fullValue(child, way, depth + 1)]));
    case 'array': {
      const items = itemsOf(schema);
      return items && depth < 14 ? [fullValue(items, way, depth + 1)] : [];
    }
    case 'string':
      return kindOf(schema) === 'image' ? '/images/a.jpg' : kindOf(schema) === 'link' ? '/contact' : 'Words';
    case 'number':
    case 'integer':
      return typeof schema.minimum === 'number' ? schema.minimum : 2;
    case 'boolean':
      return true;
    case undefined:
    default:
      return 'Words';
  }
}

const context: FormContext = {
  routes: [{ route: '/contact', title: 'Contact us' }],
  images: ['/images/a.jpg'],
  files: ['/brochure.pdf'],
  upload: () => Promise.resolve('/images/uploads/photo.jpg'),
  sections: TYPES,
};

/** Every text of the form an editor reads (not what they typed, not the "as written" box), each with where it is. */
function wordsOnScreen(root: HTMLElement): { text: string; where: string }[] {
  const found: { text: string; where: string }[] = [];
  const where = (element: Element) => element.closest('[id^="field-"]')?.id ?? element.tagName.toLowerCase();
  const walker = root.ownerDocument.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement!;
    if (parent.closest('textarea, .ef-raw, .ef-unknown')) continue;
    const text = node.textContent?.trim();
    if (text) found.push({ text, where: where(parent) });
  }
  for (const element of root.querySelectorAll('[aria-label], [placeholder], [title], option')) {
    for (const attribute of ['aria-label', 'placeholder', 'title', 'label']) {
      const value = element.getAttribute(attribute);
      if (value) found.push({ text: value, where: where(element) });
    }
  }
  return found;
}

function developerWords(texts: { text: string; where: string }[]): string[] {
  const found = new Set<string>();
  for (const { text, where } of texts) {
    for (const { name, pattern } of DEVELOPER_WORDS) if (pattern.test(text)) found.add(`${name}: “${text}” (${where})`);
  }
  return [...found];
}

/** Renders the form of `value`, opens every closed part, and returns every text an editor reads. */
function everyWord(schema: FormSchema, value: Json): { text: string; where: string }[] {
  const view = render(<PageForm schema={schema} value={value} onChange={() => {}} errors={[]} context={context} />);
  // Open every section panel and the search settings; choose "Add section" to see every kind offered.
  // (Selectors, not roles: finding by role in a form this size takes minutes in jsdom.)
  for (const toggle of view.container.querySelectorAll('button[aria-expanded="false"]')) fireEvent.click(toggle);
  const add = view.container.querySelector('.ef-add-section');
  if (add) fireEvent.click(add);
  const words = wordsOnScreen(view.container);
  cleanup();
  return words;
}

function pageWith(way: 'rich' | 'plain'): Json {
  const page = fullValue(PAGE, way) as { [key: string]: Json };
  const sectionsSchema = propertiesOf(PAGE).sections!;
  const sections = branchesOf(itemsOf(sectionsSchema)!).map((branch) => fullValue(branch, way));
  return { ...page, sections };
}

describe('the form speaks plain words', () => {
  test('the marks of developer words find them (a probe of each)', () => {
    const probes = [
      'Each starts with `- type:`.',
      'Set in _site.yaml.',
      'A file in public/, e.g. /images/a.jpg.',
      '{ group, label, order }, or false',
      'File (src)',
      'Split at (splitAt)',
      'course-cards',
      'Defaults to meta.title.',
      'type: hero',
    ];
    for (const probe of probes) expect(developerWords([{ text: probe, where: 'probe' }]), probe).not.toEqual([]);
    expect(developerWords([{ text: 'The title of the page, as a visitor reads it. Defaults to the title above.', where: 'probe' }])).toEqual([]);
  });

  test.each(['rich', 'plain'] as const)('every field of every section type and of the page, written the %s way', (way) => {
    const value = pageWith(way);
    // Every kind of section is there, with every field filled in.
    expect((value as { sections: Json[] }).sections).toHaveLength(TYPES.length);
    const words = everyWord(PAGE, value);
    expect(words.length).toBeGreaterThan(500);
    expect(developerWords(words)).toEqual([]);
  });

  test.each(['rich', 'plain'] as const)('every field of the site settings, written the %s way', (way) => {
    const words = everyWord(SITE, fullValue(SITE, way));
    expect(words.length).toBeGreaterThan(100);
    expect(developerWords(words)).toEqual([]);
  });
});
