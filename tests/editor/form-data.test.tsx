/**
 * The form's data helpers (editor/app/form/): immutable edits along a path, values written another
 * way ("Write as"), new items, and where an error's path is shown.
 */
import { renderedPath } from '../../editor/app/form/errors';
import { deleteIn, formatPath, getIn, parsePath, setIn } from '../../editor/app/form/paths';
import { convertValue, smallestValue } from '../../editor/app/form/schema';
import type { FormSchema, Json } from '../../editor/protocol/api';

const page = Object.freeze({
  meta: Object.freeze({ title: 'ETABS', social: Object.freeze({ title: 'Shared' }) }),
  sections: Object.freeze([Object.freeze({ type: 'hero', title: 'Hi' }), Object.freeze({ type: 'list', items: Object.freeze(['a', 'b']) })]),
}) as unknown as Json;

describe('edits along a path', () => {
  test('setIn copies only the objects on the way to the change', () => {
    const next = setIn(page, ['sections', 1, 'items', 0], 'A') as { meta: Json; sections: { items: string[] }[] };
    expect(next.sections[1]!.items).toEqual(['A', 'b']);
    expect(next.meta).toBe((page as { meta: Json }).meta);
    expect(next.sections[0]).toBe((page as { sections: Json[] }).sections[0]);
    expect(getIn(page, ['sections', 1, 'items', 0])).toBe('a');
  });

  test('setIn makes the groups and lists a new value needs', () => {
    expect(setIn({}, ['meta', 'course', 'name'], 'ETABS')).toEqual({ meta: { course: { name: 'ETABS' } } });
    expect(setIn({}, ['list', 1], 'b')).toEqual({ list: [null, 'b'] });
  });

  test('deleteIn removes a key keeping the order of the others, or an item of a list', () => {
    const withoutTitle = deleteIn(page, ['meta', 'title']) as { meta: object };
    expect(Object.keys(withoutTitle.meta)).toEqual(['social']);
    expect(getIn(deleteIn(page, ['sections', 0]), ['sections', 0, 'type'])).toBe('list');
    expect(deleteIn(page, ['meta', 'nothing'])).toBe(page);
    expect(deleteIn(page, ['sections', 7])).toBe(page);
  });

  test('paths are read back as the validator writes them', () => {
    for (const text of ['sections[2].cards[0].title', 'meta.title', 'sections', '(document)']) expect(formatPath(parsePath(text))).toBe(text);
    expect(parsePath('sections[12].rows[3][1]')).toEqual(['sections', 12, 'rows', 3, 1]);
  });
});

const text: FormSchema = { type: 'string' };
const line: FormSchema = { type: 'string', minLength: 1 };
const paragraphs: FormSchema = { anyOf: [text, { type: 'array', items: line }] };
const image: FormSchema = {
  anyOf: [
    { type: 'string', 'x-cesa-kind': 'public-file' },
    { type: 'object', properties: { src: { type: 'string' }, alt: { type: 'string' } }, required: ['src'] },
  ],
  'x-cesa-kind': 'image',
};
const hours: FormSchema = { type: 'number', exclusiveMinimum: 0 };

describe('writing a value another way', () => {
  test('text and lists: paragraphs split at blank lines, a line at its commas, and back', () => {
    const list = (paragraphs.anyOf as FormSchema[])[1]!;
    expect(convertValue('One.\n\nTwo\nlines.', list, true)).toEqual(['One.', 'Two\nlines.']);
    expect(convertValue(['One.', 'Two.'], text, true)).toBe('One.\n\nTwo.');
    expect(convertValue('ETABS, SAFE , RCDC', list, false)).toEqual(['ETABS', 'SAFE', 'RCDC']);
    expect(convertValue(['ETABS', 'SAFE'], text, false)).toBe('ETABS, SAFE');
  });

  test('a path becomes { src } and back', () => {
    const [path, object] = image.anyOf as [FormSchema, FormSchema];
    expect(convertValue('/images/a.svg', object, false)).toEqual({ src: '/images/a.svg' });
    expect(convertValue({ src: '/images/a.svg', alt: 'A' }, path, false)).toBe('/images/a.svg');
  });

  test('hours become text and text with a number becomes hours', () => {
    expect(convertValue(45, text, false)).toBe('45');
    expect(convertValue('50 hours / 8 days', hours, false)).toBe(50);
    expect(convertValue('a week', hours, false)).toBe(1);
  });
});

describe('a new value', () => {
  test('has its required keys, the first choice, a non-empty list one item long', () => {
    const module: FormSchema = {
      type: 'object',
      properties: {
        title: line,
        items: { type: 'array', minItems: 1, items: line },
        level: { type: 'string', enum: ['basic', 'advanced'] },
        note: text,
      },
      required: ['title', 'items', 'level'],
    };
    expect(smallestValue(module)).toEqual({ title: '', items: [''], level: 'basic' });
    expect(smallestValue({ type: 'integer', minimum: 1, maximum: 4 })).toBe(1);
    expect(smallestValue(hours)).toBe(1);
    expect(smallestValue(image)).toBe('');
    expect(smallestValue({ anyOf: [{ type: 'boolean', const: false }, { type: 'object', properties: {} }] })).toEqual({});
  });
});

describe('where an error is shown', () => {
  const schema: FormSchema = {
    type: 'object',
    properties: {
      meta: {
        type: 'object',
        properties: { title: line, social: { type: 'object', properties: { title: line } } },
        required: ['title'],
      },
      sections: {
        type: 'array',
        items: {
          oneOf: [{ type: 'object', properties: { type: { const: 'hero' }, image } }],
          'x-cesa-discriminator': 'type',
        },
      },
    },
    required: ['meta', 'sections'],
  };
  const data = { meta: { colour: { a: 1 } }, sections: [{ type: 'hero', image: { src: '/x.svg' } }, { type: 'carousel', title: 'x' }] } as Json;
  const shown = (path: string) => formatPath(renderedPath(schema, data, parsePath(path)));

  test('at its field when the form renders one, even for a missing required key', () => {
    expect(shown('meta.title')).toBe('meta.title');
    expect(shown('sections[0].image.src')).toBe('sections[0].image.src');
  });

  test('else at the nearest field rendered above it', () => {
    // Inside an optional group that is not there (shown as its "Add" button).
    expect(shown('meta.social.title')).toBe('meta.social');
    // Inside an unknown key (shown as one row).
    expect(shown('meta.colour.a')).toBe('meta.colour');
    // A section of a type the schema does not have.
    expect(shown('sections[1].title')).toBe('sections[1]');
    // An item that is not there, a key neither in the data nor in the schema.
    expect(shown('sections[5].title')).toBe('sections');
    expect(shown('meta.nothing')).toBe('meta');
  });
});
