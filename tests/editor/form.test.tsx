/**
 * The visual editor's generated form (editor/app/form/), as an editor uses it: the real page schema
 * (zod's JSON Schema with the editor's marks), a real page (pages/etabs.yaml), every section type's
 * example. Each edit is checked in what onChange receives: only what the editor changed differs.
 */
// @tier slow: types into the whole generated form of every section type in jsdom
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { useState } from 'react';
import { parse } from 'yaml';
import { schemaResponse } from '../../editor/server/schema-info';
import type { ContentError } from '../../src/content/errors';
import { fieldId, PageForm, revealField, type FormContext } from '../../editor/app/form';
import type { Json } from '../../editor/protocol/api';

const ROOT = path.resolve(import.meta.dirname, '../..');

// The form's schema and the section types exactly as GET /_editor/api/schema gives them.
const { page: SCHEMA, sections: TYPES } = schemaResponse(ROOT, path.join(ROOT, 'pages'));

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}

/** pages/etabs.yaml as data, frozen: the form must never change what it was given. */
function etabs(): { [key: string]: Json } {
  return deepFreeze(parse(readFileSync(path.join(ROOT, 'pages/etabs.yaml'), 'utf8')) as { [key: string]: Json });
}

type Page = {
  meta: { [key: string]: Json } & { social: { [key: string]: Json } };
  sections: ({ [key: string]: Json } & { type: string })[];
};

function context(overrides: Partial<FormContext> = {}): FormContext {
  return {
    routes: [
      { route: '/', title: 'CESA, civil engineering software academy' },
      { route: '/contact', title: 'Contact us' },
      { route: '/etabs', title: 'ETABS V-22 Course in Pune' },
    ],
    images: ['/images/heroes/etabs.svg', '/images/courses/etabs-basic.svg'],
    files: ['/media/autocad.webm', '/brochure.pdf'],
    upload: () => Promise.resolve('/images/uploads/photo.jpg'),
    sections: TYPES,
    ...overrides,
  };
}

/** The form as the page editor holds it: its state is the last document onChange gave. */
function setup({ errors = [], data = etabs(), ...overrides }: { errors?: ContentError[]; data?: Json } & Partial<FormContext> = {}) {
  const changes: Json[] = [];
  function Editor() {
    const [value, setValue] = useState<Json>(data);
    return (
      <PageForm
        schema={SCHEMA}
        value={value}
        errors={errors}
        context={context(overrides)}
        onChange={(next) => {
          changes.push(next);
          setValue(next);
        }}
      />
    );
  }
  const user = userEvent.setup();
  const view = render(<Editor />);
  return { user, view, changes, original: data, last: () => changes[changes.length - 1] as unknown as Page };
}

function error(code: ContentError['code'], at: string, message: string, hint?: string): ContentError {
  return { code, path: at, message, hint, file: 'pages/etabs.yaml', line: 1, column: 1 };
}

/** The panel of section `number` (1-based), opened. */
async function openSection(user: ReturnType<typeof userEvent.setup>, name: RegExp) {
  const toggle = screen.getByRole('button', { name });
  if (toggle.getAttribute('aria-expanded') !== 'true') await user.click(toggle);
  return toggle.closest('li')!;
}

describe('the page form', () => {
  test('editing meta.title calls onChange with only the title changed', async () => {
    const { user, changes, original, last } = setup();
    const title = screen.getByRole('textbox', { name: 'Title (required)' });
    expect(title).toHaveValue('ETABS V-22 Course in Pune | Best Civil Engineering Software Academy | CESA');
    expect(title).toHaveAccessibleDescription('The browser tab and search result title.');
    await user.type(title, '!');
    expect(changes).toHaveLength(1);
    const next = last();
    const before = original as unknown as Page;
    expect(next.meta.title).toBe(`${before.meta.title as string}!`);
    expect({ ...next, meta: { ...next.meta, title: before.meta.title } }).toEqual(before);
    // Untouched parts are the same objects: the rest of the form does not re-render.
    expect(next.sections).toBe(before.sections);
    expect(next.meta.social).toBe(before.meta.social);
    expect(Object.keys(next.meta)).toEqual(Object.keys(before.meta));
  });

  test('groups have legends, required fields say so, and descriptions are tied to their controls', () => {
    setup();
    const meta = screen.getByRole('group', { name: 'Meta (required)' });
    expect(within(meta).getByRole('group', { name: 'Social' })).toBeInTheDocument();
    const description = within(meta).getByRole('textbox', { name: 'Description (required)' });
    // A description is long text: a textarea.
    expect(description.tagName).toBe('TEXTAREA');
    expect(within(meta).getByRole('combobox', { name: 'Group (required)' })).toHaveValue('structure');
    expect(document.getElementById(fieldId('meta.title'))).toBe(screen.getByRole('textbox', { name: 'Title (required)' }));
  });

  test('clearing an optional field removes its key; clearing a required one keeps "" for the validator', async () => {
    const { user, last } = setup();
    const social = screen.getByRole('group', { name: 'Social' });
    await user.clear(within(social).getByRole('textbox', { name: 'Title' }));
    expect(last().meta.social).toEqual({ description: 'Multistorey building analysis and design with ETABS, SAFE and RCDC, in three packages.' });
    expect(Object.hasOwn(last().meta.social, 'title')).toBe(false);

    await user.clear(screen.getByRole('textbox', { name: 'Title (required)' }));
    expect(last().meta.title).toBe('');
  });

  test('an optional group the page does not have is offered as "Add …"', async () => {
    const data = etabs() as unknown as Page;
    const { social: _social, ...meta } = data.meta;
    const { user, last } = setup({ data: { ...data, meta } as unknown as Json });
    expect(screen.queryByRole('group', { name: 'Social' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add social' }));
    expect(last().meta.social).toEqual({});
    expect(screen.getByRole('group', { name: 'Social' })).toBeInTheDocument();
  });

  test('adding a module adds an item with the fields to fill in, and focuses it', async () => {
    const { user, last } = setup();
    const panel = await openSection(user, /Modules — Course content/);
    await user.click(within(panel).getByRole('button', { name: 'Add module' }));
    const modules = last().sections[4]!.modules as Json[];
    expect(modules).toHaveLength(7);
    expect(modules[6]).toEqual({ title: '', items: [''] });
    const added = within(panel).getByRole('group', { name: /^Module 7/ });
    expect(within(added).getByRole('textbox', { name: 'Title (required)' })).toHaveFocus();
  });

  test('list items move and are removed with buttons named after them', async () => {
    const { user, last } = setup();
    const panel = await openSection(user, /Modules — Course content/);
    await user.click(within(panel).getByRole('button', { name: 'Move module 2 up' }));
    expect((last().sections[4]!.modules as { title: string }[]).map((module) => module.title).slice(0, 2)).toEqual(['Modelling', 'Getting started']);
    // The moved module's button keeps the focus, now named for its new place.
    expect(within(panel).getByRole('button', { name: 'Move module 1 down' })).toHaveFocus();
    await user.click(within(panel).getByRole('button', { name: 'Remove module 6' }));
    expect(last().sections[4]!.modules).toHaveLength(5);
    expect(screen.getByText('Module 6 removed.')).toBeInTheDocument();
  });

  test('"Add section" lists every type with its description and inserts its example after the current section', async () => {
    const { user, last } = setup();
    // Working in the Overview section makes it the current one.
    await openSection(user, /Prose — Overview/);
    await user.click(screen.getByRole('button', { name: 'Add section' }));
    expect(screen.getByText(/It goes after section 2 \(Prose — Overview\)/)).toBeInTheDocument();
    for (const info of TYPES) {
      const option = screen.getByRole('button', { name: new RegExp(`${info.label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) });
      expect(option).toHaveAccessibleDescription(info.description);
    }
    const faq = TYPES.find((info) => info.type === 'faq')!;
    await user.click(screen.getByRole('button', { name: new RegExp(faq.label) }));
    const sections = last().sections;
    expect(sections).toHaveLength(11);
    expect(sections[2]).toEqual(faq.example);
    const toggle = screen.getByRole('button', { name: /FAQ — Placement FAQ/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveFocus();
    expect(within(toggle.closest('li')!).getByRole('textbox', { name: 'Question (required)' })).toHaveValue('Why CESA?');
  });

  test('Escape closes the list of section types and returns to the button', async () => {
    const { user } = setup();
    const add = screen.getByRole('button', { name: 'Add section' });
    await user.click(add);
    expect(add).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    expect(add).toHaveAttribute('aria-expanded', 'false');
    expect(add).toHaveFocus();
  });

  test('a section moves with Alt+ArrowDown on its handle: focus stays on it and the move is announced', async () => {
    const { user, last } = setup();
    const handle = screen.getByRole('button', { name: 'Move section 2' });
    act(() => handle.focus());
    await user.keyboard('{Alt>}{ArrowDown}{/Alt}');
    expect(last().sections.map((section) => section.type).slice(0, 4)).toEqual(['hero', 'list', 'prose', 'facts']);
    expect(handle).toHaveFocus();
    expect(handle).toHaveAccessibleName('Move section 3');
    expect(screen.getByText('Section moved to position 3 of 10.')).toBeInTheDocument();
    await user.keyboard('{Alt>}{ArrowUp}{/Alt}');
    expect(last().sections.map((section) => section.type).slice(0, 3)).toEqual(['hero', 'prose', 'list']);
    expect(handle).toHaveFocus();
  });

  test('a section moves with its Move down button, and keeps its open panel', async () => {
    const { user, last } = setup();
    await openSection(user, /Facts — Course details/);
    await user.click(screen.getByRole('button', { name: 'Move section 4 down' }));
    expect(last().sections.map((section) => section.type).slice(3, 5)).toEqual(['modules', 'facts']);
    expect(screen.getByRole('button', { name: 'Move section 5 down' })).toHaveFocus();
    expect(screen.getByRole('button', { name: /Facts — Course details/ })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('button', { name: /Modules — Course content/ })).toHaveAttribute('aria-expanded', 'false');
  });

  test('a section dragged by its handle lands where the drop line shows', () => {
    const { last } = setup();
    const dataTransfer = { setData: vi.fn(), setDragImage: vi.fn(), effectAllowed: '', dropEffect: '' };
    const handle = screen.getByRole('button', { name: 'Move section 1' });
    fireEvent.dragStart(handle, { dataTransfer });
    const target = screen.getByRole('button', { name: /Facts — Course details/ }).closest('li')!;
    // jsdom lays nothing out (every box is 0 high): a pointer below the top is in the lower half.
    fireEvent.dragOver(target, { dataTransfer, clientY: 10 });
    expect(target).toHaveClass('ef-drop-after');
    fireEvent.drop(target, { dataTransfer });
    expect(last().sections.map((section) => section.type).slice(0, 4)).toEqual(['prose', 'list', 'facts', 'hero']);
    expect(target).not.toHaveClass('ef-drop-after');
  });

  test('a removed section can be put back with Undo', async () => {
    const { user, last, original } = setup();
    await user.click(screen.getByRole('button', { name: 'Remove section 3' }));
    expect(last().sections).toHaveLength(9);
    const undo = screen.getByRole('button', { name: /^Undo/ });
    expect(undo).toHaveFocus();
    await user.click(undo);
    expect(last().sections).toEqual((original as unknown as Page).sections);
    expect(screen.queryByRole('button', { name: /^Undo/ })).not.toBeInTheDocument();
  });

  test('errors are shown at their field with the message, the hint and the code, and mark it invalid', async () => {
    const errors = [
      error('missing-field', 'meta.title', '"title" is missing', 'Add `title:` (The browser tab and search result title).'),
      error('too-few', 'sections[4].modules[0].items', 'needs at least one item (found 0)', 'Topics covered in this module.'),
      error('invalid-value', 'sections[4].modules[1].title', 'must not be empty'),
      error('unknown-key', 'meta.titl', '"titl" is not a field here', 'Did you mean "title"?'),
    ];
    const { user } = setup({ errors });
    const title = screen.getByRole('textbox', { name: 'Title (required)' });
    expect(title).toHaveAttribute('aria-invalid', 'true');
    expect(title).toHaveAccessibleDescription(/\[missing-field\] "title" is missing Add `title:`/);
    // An error whose key is not in the data nor the schema is shown at the nearest rendered field: meta.
    const meta = screen.getByRole('group', { name: 'Meta (required)' });
    expect(meta).toHaveAccessibleDescription(/\[unknown-key\] meta\.titl: "titl" is not a field here Did you mean "title"\?/);
    // A closed section says how many errors it holds.
    const toggle = screen.getByRole('button', { name: /Modules — Course content/ });
    expect(toggle).toHaveAccessibleName(/2 errors$/);
    await user.click(toggle);
    const items = document.getElementById(fieldId('sections[4].modules[0].items'))!;
    expect(items).toHaveAccessibleName('Items (required)');
    // The hint is the field's description, already shown above the error: said once.
    expect(items).toHaveAccessibleDescription('Topics covered in this module. [too-few] needs at least one item (found 0)');
    const moduleTitle = document.getElementById(fieldId('sections[4].modules[1].title'))!;
    expect(moduleTitle).toHaveAttribute('aria-invalid', 'true');
    expect(moduleTitle).toHaveAccessibleDescription(/\[invalid-value\] must not be empty/);
    expect(screen.getByRole('textbox', { name: 'Description (required)' })).not.toHaveAttribute('aria-invalid');
  });

  test('a field with an error whose hint is its description shows that help once, described by both', async () => {
    const errors = [error('too-few', 'sections[4].modules[0].items', 'needs at least one item (found 0)', 'Topics covered in this module.')];
    const { user } = setup({ errors });
    await user.click(screen.getByRole('button', { name: /Modules — Course content/ }));
    const items = document.getElementById(fieldId('sections[4].modules[0].items'))!;
    const field = items.closest('.ef-field, fieldset')!;
    expect(within(field as HTMLElement).getAllByText(/Topics covered in this module/)).toHaveLength(1);
    const describedBy = items.getAttribute('aria-describedby')!.split(' ');
    expect(describedBy.map((id) => document.getElementById(id)?.textContent)).toEqual([
      'Topics covered in this module.',
      '[too-few] needs at least one item (found 0)',
    ]);
  });

  test('a link to an error opens its closed section and focuses the field', async () => {
    const errors = [error('invalid-value', 'sections[5].cards[1].duration', 'must be at least 0')];
    setup({ errors });
    const toggle = screen.getByRole('button', { name: /Packages — Choose your package/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    // What the page editor's error list does: a link to #field-… (the browser then fires hashchange).
    await act(async () => {
      const changed = new Promise((resolve) => window.addEventListener('hashchange', resolve, { once: true }));
      window.location.hash = `#${fieldId('sections[5].cards[1].duration')}`;
      await changed;
    });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(document.getElementById(fieldId('sections[5].cards[1].duration'))).toHaveFocus();
    window.history.replaceState(null, '', window.location.pathname);

    // revealField: a path that names nothing rendered goes to the nearest field that is.
    act(() => revealField('sections[6].poster.nothing'));
    expect(screen.getByRole('button', { name: /Video — A look at the course/ })).toHaveAttribute('aria-expanded', 'true');
    expect(document.getElementById(fieldId('sections[6].poster'))).toHaveFocus();
  });

  test('an address that names a field when the form opens shows that field (a kept or shared link to an error)', () => {
    window.history.replaceState(null, '', `${window.location.pathname}#${fieldId('sections[5].cards[1].duration')}`);
    setup();
    expect(screen.getByRole('button', { name: /Packages — Choose your package/ })).toHaveAttribute('aria-expanded', 'true');
    expect(document.getElementById(fieldId('sections[5].cards[1].duration'))).toHaveFocus();
    window.history.replaceState(null, '', window.location.pathname);
  });

  test('a key the schema does not know is shown and can be removed, never dropped', async () => {
    const data = etabs() as unknown as Page;
    const { user, last } = setup({ data: { ...data, meta: { ...data.meta, colour: 'red' } } as unknown as Json });
    const meta = screen.getByRole('group', { name: 'Meta (required)' });
    expect(within(meta).getByText('Unknown field “colour”')).toBeInTheDocument();
    expect(within(meta).getByText('red')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Title (required)' }), '!');
    expect(last().meta.colour).toBe('red');
    await user.click(within(meta).getByRole('button', { name: 'Remove “colour” (unknown field)' }));
    expect(Object.hasOwn(last().meta, 'colour')).toBe(false);
  });

  test('"Write as" switches a field between its forms, converting the value', async () => {
    const { user, last } = setup();
    const keywords = screen.getByRole('group', { name: 'Keywords (required)' });
    expect(within(keywords).getAllByRole('textbox')).toHaveLength(6);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Write as (keywords)' }), 'Text');
    expect(last().meta.keywords).toBe(
      'ETABS course Pune, ETABS V-22 training, multistorey building design, shear wall modelling, ETABS SAFE RCDC, civil engineering software academy Pune',
    );
    await user.selectOptions(screen.getByRole('combobox', { name: 'Write as (keywords)' }), 'List');
    expect(last().meta.keywords).toEqual((etabs().meta as { keywords: Json }).keywords);

    // An image written as a path becomes { src } (and the alt text can be added).
    const panel = await openSection(user, /Packages — Choose your package/);
    await user.selectOptions(within(panel).getAllByRole('combobox', { name: 'Write as (image)' })[0]!, 'Path with alt text');
    expect((last().sections[5]!.cards as { image: Json }[])[0]!.image).toEqual({ src: '/images/courses/etabs-basic.svg' });
  });

  test('numbers are written as numbers, and hours or text as the value says', async () => {
    const { user, last } = setup();
    const panel = await openSection(user, /Packages — Choose your package/);
    const duration = within(panel).getAllByRole('spinbutton', { name: 'Duration' })[0]!;
    expect(duration).toHaveValue(15);
    await user.clear(duration);
    await user.type(duration, '20');
    expect((last().sections[5]!.cards as { duration: Json }[])[0]!.duration).toBe(20);
    const list = await openSection(user, /List — Highlights/);
    const columns = within(list).getByRole('spinbutton', { name: 'Columns' });
    await user.clear(columns);
    // An emptied optional number is left out of the page (its default applies).
    expect(Object.hasOwn(last().sections[2]!, 'columns')).toBe(false);
    expect(within(list).getByRole('checkbox', { name: 'Ordered' })).not.toBeChecked();
  });

  test('the image upload calls context.upload and sets the path', async () => {
    const upload = vi.fn((file: File) => Promise.resolve(`/images/uploads/${file.name}`));
    const { user, last } = setup({ upload });
    const panel = await openSection(user, /Hero — ETABS V-22/);
    const image = within(panel).getByRole('group', { name: 'Image' });
    const path = within(image).getByRole('combobox', { name: 'File (src) (required)' });
    expect(path).toHaveValue('/images/heroes/etabs.svg');
    expect(image.querySelector('img')).toHaveAttribute('src', '/images/heroes/etabs.svg');
    const file = new File(['<svg/>'], 'site-photo.jpg', { type: 'image/jpeg' });
    await user.upload(within(image).getByLabelText(/Upload photo/), file);
    expect(upload).toHaveBeenCalledWith(file);
    expect(last().sections[0]!.image).toEqual({ src: '/images/uploads/site-photo.jpg', alt: 'Illustration of a multistorey building model' });
    expect(within(image).getByRole('status')).toHaveTextContent('Uploaded: the field now shows /images/uploads/site-photo.jpg.');
    expect(path).toHaveValue('/images/uploads/site-photo.jpg');
  });

  test('a failed upload is said in words and changes nothing', async () => {
    // The server's words end in a full stop, as sentences do: the message around them adds no second one.
    const upload = vi.fn(() => Promise.reject(new Error('notes.jpg is not an image the site can show. Upload a JPEG or PNG file.')));
    const { user, changes } = setup({ upload });
    const panel = await openSection(user, /Hero — ETABS V-22/);
    const image = within(panel).getByRole('group', { name: 'Image' });
    await user.upload(within(image).getByLabelText(/Upload photo/), new File(['x'], 'notes.jpg', { type: 'image/jpeg' }));
    expect(within(panel).getByText('The upload of notes.jpg failed: notes.jpg is not an image the site can show. Upload a JPEG or PNG file. Try again, or pick an image already on the site.')).toBeInTheDocument();
    expect(changes).toHaveLength(0);
  });

  test('a link field offers the routes with their titles, and the external form', async () => {
    const { user } = setup();
    const panel = await openSection(user, /Hero — ETABS V-22/);
    const href = within(panel).getAllByRole('combobox', { name: 'Link (href) (required)' })[1]!;
    expect(href).toHaveValue('/contact');
    const list = document.getElementById(href.getAttribute('list')!)!;
    expect(list.tagName).toBe('DATALIST');
    const options = [...list.querySelectorAll('option')].map((option) => [option.value, option.textContent]);
    expect(options).toContainEqual(['/contact', 'Contact us']);
    expect(options).toContainEqual(['/etabs', 'ETABS V-22 Course in Pune']);
    expect(options[0]).toEqual(['form', 'The external enquiry form (form.url in _site.yaml)']);
    // A video's file is a public file, not an image: it is offered the other files.
    const video = await openSection(user, /Video — A look at the course/);
    const src = within(video).getAllByRole('combobox', { name: 'File (src) (required)' })[0]!;
    expect([...document.getElementById(src.getAttribute('list')!)!.querySelectorAll('option')].map((option) => option.value)).toEqual([
      '/media/autocad.webm',
      '/brochure.pdf',
    ]);
  });

  test('a section of a type the site does not have keeps its data and shows its error in the heading', async () => {
    const data = etabs() as unknown as Page;
    const sections = [...data.sections, { type: 'carousel', title: 'Photos' }];
    const errors = [error('unknown-section-type', 'sections[10].type', '"carousel" is not a section type')];
    const { user } = setup({ data: { ...data, sections } as unknown as Json, errors });
    const toggle = screen.getByRole('button', { name: /Carousel — Photos/ });
    expect(toggle).toHaveAccessibleName(/1 error$/);
    expect(toggle).toHaveAccessibleDescription(/\[unknown-section-type\] sections\[10\]\.type: "carousel" is not a section type/);
    await user.click(toggle);
    expect(within(toggle.closest('li')!).getByText(/title: Photos/)).toBeInTheDocument();
    expect(within(toggle.closest('li')!).getByText(/The site has no section of this type/)).toBeInTheDocument();
  });

  test('a section written as a single value is shown as it is, said so in words, and kept when other fields change', async () => {
    const data = etabs() as unknown as Page;
    const sections = [...data.sections, 'just a line of text'];
    const { user, last } = setup({ data: { ...data, sections } as unknown as Json });
    const toggle = document.getElementById(fieldId('sections[10]'))!;
    await user.click(toggle);
    const panel = toggle.closest('li')!;
    expect(within(panel).getByText(/This section is not a set of fields starting with `type:` \(it is a single value\)/)).toBeInTheDocument();
    expect(within(panel).getByText('just a line of text')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Title (required)' }), '!');
    expect(last().sections[10]).toBe('just a line of text');
  });

  // Every kind of field is in these panels: text, paragraphs, images with upload, links, lists of
  // lines and of groups, hours or text, yes/no, numbers; and errors, and the list of section types.
  // (jsdom has no layout: colours are checked in the browser test, tests/browser/editor.test.ts.)
  test('axe finds no violations in the form with panels open and errors shown', { timeout: 90_000 }, async () => {
    const errors = [error('missing-field', 'meta.title', '"title" is missing'), error('too-few', 'sections[4].modules[0].items', 'needs at least one item')];
    const { user, view } = setup({ errors });
    for (const name of [/Hero — ETABS V-22/, /Modules — Course content/, /Packages — Choose your package/]) await openSection(user, name);
    await user.click(screen.getByRole('button', { name: 'Add section' }));
    const results = await axe.run(view.container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`)).toEqual([]);
  });
});
