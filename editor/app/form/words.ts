/** The form's words for keys, items and branches: what an editor reads, not what the YAML says. */
import { isRecord } from '../../../src/lib/is-record';
import type { FormSchema, Json } from '../../protocol/api';
import { descriptionOf, hasConst, itemsOf, kindOf, propertiesOf, typeOf } from './schema';

/**
 * Keys whose plain reading says little or reads as code ("Split at", "Href"): the words an editor
 * reads instead. Every other key is read as words (`shortName` → "Short name").
 */
const NAMES: Record<string, string> = {
  id: 'Anchor name',
  href: 'Link',
  src: 'File',
  alt: 'Description of the picture',
  qr: 'QR code',
  apiKey: 'API key',
  appId: 'App ID',
  authDomain: 'Sign-in domain',
  projectId: 'Project ID',
  imageSide: 'Side of the picture',
  splitAt: 'Second column starts at entry',
  wideLast: 'Last card takes the whole width',
  eyebrow: 'Small line above the title',
  intro: 'Introduction',
  sections: 'The page, section by section',
  meta: 'How the page appears in search and when shared',
  aliases: 'Other addresses of this page',
  social: 'Shared link preview',
  seconds: 'Count-up time in seconds',
  ordered: 'Numbered',
  url: 'Web address',
  fileName: 'Name of the downloaded file',
  cta: 'Call to action',
};

/** The label of the field at `key`: the schema's title when it has one, else the key in words. */
export function labelOf(key: string, schema: FormSchema): string {
  return typeof schema.title === 'string' && schema.title.trim() !== '' ? schema.title : humanise(key);
}

/** `wideLast` → "Wide last", `course-cards` → "Course cards", `qr` → "QR code". */
export function humanise(key: string): string {
  if (NAMES[key]) return NAMES[key];
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[-_]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** `modules` → `module`, `branches` → `branch`, `responsibilities` → `responsibility`. */
export function singular(word: string): string {
  if (/ies$/.test(word)) return word.replace(/ies$/, 'y');
  if (/(ch|sh|ss|x|as)es$/.test(word)) return word.replace(/es$/, '');
  if (/[^s]s$/.test(word)) return word.slice(0, -1);
  return word;
}

/** What one item of the list at this key is called, in lower case: `modules` → "module"; a row's items are cells. */
export function itemNoun(key: string | number | undefined): string {
  if (typeof key !== 'string') return 'cell';
  return humanise(singular(key)).toLowerCase();
}

/** A value as the form shows it on one line. */
export function textOf(value: Json): string {
  return typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);
}

/** Choices whose words are not their value's: acronyms. */
const CHOICES: Record<string, string> = { bim: 'BIM', '3d-rendering': '3D rendering' };

/** A choice as an editor reads it: `3d-rendering` → "3d rendering", true → "Yes". */
export function choiceLabel(value: Json): string {
  if (value === true) return 'Yes';
  if (value === false) return 'No';
  if (typeof value !== 'string') return textOf(value);
  if (CHOICES[value]) return CHOICES[value];
  const words = value.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[-_]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A label inside a sentence ("Add QR code", "Add small line above the title"): lower case, but not an acronym's. */
export function inSentence(label: string): string {
  return /^[A-Z]{2}/.test(label) ? label : label.charAt(0).toLowerCase() + label.slice(1);
}

export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The text that names an item: its title, name, label or question. */
export function summaryOf(value: Json | undefined): string | undefined {
  if (!isRecord(value)) return undefined;
  for (const key of ['title', 'name', 'label', 'question', 'caption']) {
    const text = value[key];
    if (typeof text === 'string' && text.trim() !== '') return text.trim();
  }
  return undefined;
}

/**
 * A section type's name, from its description ("Call to action: a coloured banner…" → "Call to
 * action"), else its type humanised.
 */
export function sectionTypeName(branch: FormSchema | undefined, type: string): string {
  const description = branch ? descriptionOf(branch) : undefined;
  const name = description && /^([^:.]{1,30}):\s/.exec(description)?.[1];
  return name ?? humanise(type);
}

/** How a branch of a union is offered in "Write as": "Text", "List", "Path with alt text", "No". */
export function branchLabel(branch: FormSchema, unionKind: string | undefined, siblings: readonly FormSchema[] = []): string {
  if (hasConst(branch)) {
    if (branch.const === false) return 'No';
    if (branch.const === true) return 'Yes';
    return textOf(branch.const as Json);
  }
  switch (typeOf(branch)) {
    case 'string':
      return kindOf(branch) === 'public-file' ? (unionKind === 'image' ? 'Picture' : 'File') : 'Text';
    case 'number':
      return unionKind === 'duration' ? 'Number of hours' : 'Number';
    case 'integer':
      return 'Whole number';
    case 'boolean':
      return 'Yes or no';
    case 'array': {
      const items = itemsOf(branch);
      return items && typeOf(items) === 'string' ? 'List' : 'List of items';
    }
    case 'object': {
      const keys = Object.keys(propertiesOf(branch));
      if (unionKind === 'image') return 'Picture with its description';
      // Set, or "No" (a course left out of the menu): the set one is the "Yes".
      if (siblings.some((sibling) => hasConst(sibling) && sibling.const === false)) return 'Yes';
      return `Set: ${keys.map((key) => inSentence(humanise(key))).join(', ')}`;
    }
    case undefined:
    default:
      return 'Other';
  }
}
