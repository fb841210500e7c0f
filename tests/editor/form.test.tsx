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
import { fieldId, PageForm, revealField, SHOW_IN_PREVIEW_EVENT, type FormContext } from '../../editor/app/form';
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

/** The search and sharing settings (closed when the form opens), opened. */
function openSearch(): HTMLElement {
  const toggle = screen.getByRole('button', { name: /^How the page appears in search and when shared/ });
  if (toggle.getAttribute('aria-expanded') !== 'true') fireEvent.click(toggle);
  return screen.getByRole('region', { name: /^How the page appears in search and when shared/ });
}

/** The panel of section `number` (1-based), opened. */
async function openSection(user: ReturnType<typeof userEvent.setup>, name: RegExp) {
  const toggle = screen.getByRole('button', { name });
  if (toggle.getAttribute('aria-expanded') !== 'true') await user.click(toggle);
  return toggle.closest('li')!;
}

describe('the page form', () => {
  test('the form opens on the content, section by section, named as a visitor sees them; the search settings come after, closed', () => {
    const { view } = setup();
    const toggles = [...view.container.querySelectorAll('.ef-panel .ef-toggle')];
    // Each section by its heading, its kind as a small label after it.
    expect(toggles[0]).toHaveAccessibleName('ETABS V-22 (Hero)');
    expect(toggles[1]).toHaveAccessibleName('Overview (Text)');
    expect(within(toggles[0] as HTMLElement).getByText('Hero')).toHaveClass('ef-panel-kind');
    const search = screen.getByRole('button', { name: 'How the page appears in search and when shared' });
    expect(search).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('textbox', { name: 'Title (required)' })).not.toBeInTheDocument();
    // In the order of the page: every section before the search settings.
    for (const toggle of toggles) expect(toggle.compareDocumentPosition(search) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  test('a list numbers its entries 1, 2, 3', () => {
    setup();
    const keywords = within(openSearch()).getByRole('group', { name: 'Keywords (required)' });
    const shown = [...keywords.querySelectorAll(':scope > ol > li')].map((entry) => entry.querySelector('.ef-item-number')?.textContent);
    expect(shown).toEqual(['1.', '2.', '3.', '4.', '5.', '6.']);
  });

  test('an entry moves by keyboard with its handle: Space picks it up, arrows move it, Space drops it, Escape puts it back', async () => {
    const { user, last, original } = setup();
    const panel = await openSection(user, /Course content \(Modules\)/);
    const titles = () => (last().sections[4]!.modules as { title: string }[]).map((module) => module.title);
    const before = ((original as unknown as Page).sections[4]!.modules as { title: string }[]).map((module) => module.title);
    const handle = within(panel).getByRole('button', { name: 'Move module 1' });
    handle.focus();
    await user.keyboard(' ');
    expect(screen.getByText(/^Module 1 of 6 picked up/)).toBeInTheDocument();
    expect(handle).toHaveAttribute('aria-pressed', 'true');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(titles()).toEqual([before[1], before[2], before[0], ...before.slice(3)]);
    // The handle moved with its entry, kept the focus, and is named for its new place.
    expect(handle).toHaveFocus();
    expect(handle).toHaveAccessibleName('Move module 3');
    await user.keyboard(' ');
    expect(screen.getByText('Module dropped at position 3 of 6.')).toBeInTheDocument();
    expect(handle).toHaveAttribute('aria-pressed', 'false');
    // Arrows without picking up move nothing; Escape after a move puts the entry back.
    await user.keyboard('{ArrowDown}');
    expect(titles()).toEqual([before[1], before[2], before[0], ...before.slice(3)]);
    await user.keyboard('{Enter}{ArrowUp}{ArrowUp}');
    expect(titles()[0]).toBe(before[0]);
    await user.keyboard('{Escape}');
    expect(titles()).toEqual([before[1], before[2], before[0], ...before.slice(3)]);
    expect(screen.getByText('Move cancelled: module back at position 3 of 6.')).toBeInTheDocument();
  });

  test('adding, moving or removing an entry asks the page to show its section in the preview', async () => {
    const { user } = setup();
    const asked: string[] = [];
    const listen = (event: Event) => asked.push((event as CustomEvent<{ path: string }>).detail.path);
    document.addEventListener(SHOW_IN_PREVIEW_EVENT, listen);
    try {
      const panel = await openSection(user, /Course content \(Modules\)/);
      // A click that leaves the focus where it was (as Safari's do): the ask does not depend on focus.
      fireEvent.click(within(panel).getByRole('button', { name: 'Add module' }));
      expect(asked).toEqual(['sections[4].modules']);
      await user.click(within(panel).getByRole('button', { name: 'Move module 7 up' }));
      await user.click(within(panel).getByRole('button', { name: 'Remove module 6' }));
      expect(asked).toEqual(['sections[4].modules', 'sections[4].modules', 'sections[4].modules']);
    } finally {
      document.removeEventListener(SHOW_IN_PREVIEW_EVENT, listen);
    }
  });

  test('editing meta.title calls onChange with only the title changed', async () => {
    const { user, changes, original, last } = setup();
    openSearch();
    const title = screen.getByRole('textbox', { name: 'Title (required)' });
    // As written: the course's software, stated once in its course block, is named in braces.
    expect(title).toHaveValue('{software} Course in Pune | Best Civil Engineering Software Academy | CESA');
    expect(title).toHaveAccessibleDescription('The title a search engine shows for this page, and the browser tab.');
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
    const meta = openSearch();
    expect(within(meta).getByRole('group', { name: 'Shared link preview' })).toBeInTheDocument();
    const description = within(meta).getByRole('textbox', { name: 'Description (required)' });
    // A description is long text: a textarea.
    expect(description.tagName).toBe('TEXTAREA');
    expect(screen.getByRole('combobox', { name: 'Group (required)' })).toHaveValue('structure');
    expect(document.getElementById(fieldId('meta.title'))).toBe(screen.getByRole('textbox', { name: 'Title (required)' }));
  });

  test('clearing an optional field removes its key; clearing a required one keeps "" for the validator', async () => {
    const { user, last } = setup();
    openSearch();
    const social = screen.getByRole('group', { name: 'Shared link preview' });
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
    openSearch();
    expect(screen.queryByRole('group', { name: 'Shared link preview' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add shared link preview' }));
    expect(last().meta.social).toEqual({});
    expect(screen.getByRole('group', { name: 'Shared link preview' })).toBeInTheDocument();
  });

  test('adding a module adds an item with the fields to fill in, and focuses it', async () => {
    const { user, last } = setup();
    const panel = await openSection(user, /Course content \(Modules\)/);
    await user.click(within(panel).getByRole('button', { name: 'Add module' }));
    const modules = last().sections[4]!.modules as Json[];
    expect(modules).toHaveLength(7);
    expect(modules[6]).toEqual({ title: '', items: [''] });
    const added = within(panel).getByRole('group', { name: /^Module 7/ });
    expect(within(added).getByRole('textbox', { name: 'Title (required)' })).toHaveFocus();
  });

  test('list items move and are removed with buttons named after them', async () => {
    const { user, last } = setup();
    const panel = await openSection(user, /Course content \(Modules\)/);
    // One set of buttons for the list: under the entry worked on (here, touched by its handle).
    expect(within(panel).queryByRole('button', { name: 'Move module 2 up' })).not.toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Move module 2' }));
    expect(within(panel).getAllByRole('button', { name: /^Remove module/ })).toHaveLength(1);
    await user.click(within(panel).getByRole('button', { name: 'Move module 2 up' }));
    expect((last().sections[4]!.modules as { title: string }[]).map((module) => module.title).slice(0, 2)).toEqual(['Modelling', 'Getting started']);
    // The moved module's button keeps the focus, now named for its new place.
    expect(within(panel).getByRole('button', { name: 'Move module 1 down' })).toHaveFocus();
    await user.click(within(panel).getByRole('button', { name: 'Move module 6' }));
    await user.click(within(panel).getByRole('button', { name: 'Remove module 6' }));
    expect(last().sections[4]!.modules).toHaveLength(5);
    expect(screen.getByText('Module 6 removed.')).toBeInTheDocument();
  });

  test('"Add section" lists every type with its description and inserts its example after the current section', async () => {
    const { user, last } = setup();
    // Working in the Overview section makes it the current one.
    await openSection(user, /Overview \(Text\)/);
    await user.click(screen.getByRole('button', { name: 'Add section' }));
    expect(screen.getByText(/It goes after section 2 \(Overview \(Text\)\)/)).toBeInTheDocument();
    for (const info of TYPES) {
      const option = screen.getByRole('button', { name: new RegExp(`${info.label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) });
      expect(option).toHaveAccessibleDescription(info.description);
    }
    const faq = TYPES.find((info) => info.type === 'faq')!;
    await user.click(screen.getByRole('button', { name: new RegExp(faq.label) }));
    const sections = last().sections;
    expect(sections).toHaveLength(12);
    expect(sections[2]).toEqual(faq.example);
    const toggle = screen.getByRole('button', { name: /Placement FAQ \(FAQ\)/ });
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
    expect(screen.getByText('Section moved to position 3 of 11.')).toBeInTheDocument();
    await user.keyboard('{Alt>}{ArrowUp}{/Alt}');
    expect(last().sections.map((section) => section.type).slice(0, 3)).toEqual(['hero', 'prose', 'list']);
    expect(handle).toHaveFocus();
  });

  test('a section moves with its Move down button, and keeps its open panel', async () => {
    const { user, last } = setup();
    await openSection(user, /Course details \(Facts\)/);
    await user.click(screen.getByRole('button', { name: 'Move section 4 down' }));
    expect(last().sections.map((section) => section.type).slice(3, 5)).toEqual(['modules', 'facts']);
    expect(screen.getByRole('button', { name: 'Move section 5 down' })).toHaveFocus();
    expect(screen.getByRole('button', { name: /Course details \(Facts\)/ })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('button', { name: /Course content \(Modules\)/ })).toHaveAttribute('aria-expanded', 'false');
  });

  test('a section dragged by its handle lands where the drop line shows', () => {
    const { last } = setup();
    const dataTransfer = { setData: vi.fn(), setDragImage: vi.fn(), effectAllowed: '', dropEffect: '' };
    const handle = screen.getByRole('button', { name: 'Move section 1' });
    fireEvent.dragStart(handle, { dataTransfer });
    const target = screen.getByRole('button', { name: /Course details \(Facts\)/ }).closest('li')!;
    // jsdom lays nothing out (every box is 0 high): a pointer below the top is in the lower half.
    fireEvent.dragOver(target, { dataTransfer, clientY: 10 });
    expect(target).toHaveClass('ef-drop-after');
    fireEvent.drop(target, { dataTransfer });
    expect(last().sections.map((section) => section.type).slice(0, 4)).toEqual(['prose', 'list', 'facts', 'hero']);
    expect(target).not.toHaveClass('ef-drop-after');
  });

  test('a removed section can be put back with Undo', async () => {
    const { user, last, original } = setup();
    await user.click(screen.getByRole('button', { name: 'Move section 3' }));
    await user.click(screen.getByRole('button', { name: 'Remove section 3' }));
    expect(last().sections).toHaveLength(10);
    const undo = screen.getByRole('button', { name: /^Undo/ });
    expect(undo).toHaveFocus();
    await user.click(undo);
    expect(last().sections).toEqual((original as unknown as Page).sections);
    expect(screen.queryByRole('button', { name: /^Undo/ })).not.toBeInTheDocument();
  });

  test('errors are shown at their field with the message and the hint, and mark it invalid', async () => {
    const errors = [
      error('missing-field', 'meta.title', '"title" is missing', 'Add `title:` (The browser tab and search result title).'),
      error('too-few', 'sections[4].modules[0].items', 'needs at least one item (found 0)', 'Topics covered in this module.'),
      error('invalid-value', 'sections[4].modules[1].title', 'must not be empty'),
      error('unknown-key', 'meta.titl', '"titl" is not a field here', 'Did you mean "title"?'),
    ];
    const { user } = setup({ errors });
    openSearch();
    const title = screen.getByRole('textbox', { name: 'Title (required)' });
    expect(title).toHaveAttribute('aria-invalid', 'true');
    expect(title).toHaveAccessibleDescription(/ "title" is missing Add `title:`/);
    // An error whose key is not in the data nor the schema is shown at the nearest rendered field: meta.
    const meta = openSearch();
    expect(meta).toHaveAccessibleDescription(/Titl: "titl" is not a field here Did you mean "title"\?/);
    // A closed section says how many errors it holds.
    const toggle = screen.getByRole('button', { name: /Course content \(Modules\)/ });
    expect(toggle).toHaveAccessibleName(/2 errors$/);
    await user.click(toggle);
    const items = document.getElementById(fieldId('sections[4].modules[0].items'))!;
    expect(items).toHaveAccessibleName('Items (required)');
    // The hint is the field's description, already shown above the error: said once.
    expect(items).toHaveAccessibleDescription('Topics covered in this module. needs at least one item (found 0)');
    const moduleTitle = document.getElementById(fieldId('sections[4].modules[1].title'))!;
    expect(moduleTitle).toHaveAttribute('aria-invalid', 'true');
    expect(moduleTitle).toHaveAccessibleDescription(/must not be empty/);
    expect(screen.getByRole('textbox', { name: 'Description (required)' })).not.toHaveAttribute('aria-invalid');
  });

  test('a field with an error whose hint is its description shows that help once, described by both', async () => {
    const errors = [error('too-few', 'sections[4].modules[0].items', 'needs at least one item (found 0)', 'Topics covered in this module.')];
    const { user } = setup({ errors });
    await user.click(screen.getByRole('button', { name: /Course content \(Modules\)/ }));
    const items = document.getElementById(fieldId('sections[4].modules[0].items'))!;
    const field = items.closest('.ef-field, fieldset')!;
    expect(within(field as HTMLElement).getAllByText(/Topics covered in this module/)).toHaveLength(1);
    const describedBy = items.getAttribute('aria-describedby')!.split(' ');
    expect(describedBy.map((id) => document.getElementById(id)?.textContent)).toEqual([
      'Topics covered in this module.',
      'needs at least one item (found 0)',
    ]);
  });

  test('a link to an error opens its closed section and focuses the field', async () => {
    const errors = [error('invalid-value', 'sections[5].cards[1].duration', 'must be at least 0')];
    setup({ errors });
    const toggle = screen.getByRole('button', { name: /Choose your package \(Packages\)/ });
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
    expect(screen.getByRole('button', { name: /A look at the course \(Video\)/ })).toHaveAttribute('aria-expanded', 'true');
    expect(document.getElementById(fieldId('sections[6].poster'))).toHaveFocus();
  });

  test('an address that names a field when the form opens shows that field (a kept or shared link to an error)', () => {
    window.history.replaceState(null, '', `${window.location.pathname}#${fieldId('sections[5].cards[1].duration')}`);
    setup();
    expect(screen.getByRole('button', { name: /Choose your package \(Packages\)/ })).toHaveAttribute('aria-expanded', 'true');
    expect(document.getElementById(fieldId('sections[5].cards[1].duration'))).toHaveFocus();
    window.history.replaceState(null, '', window.location.pathname);
  });

  test('a key the schema does not know is shown and can be removed, never dropped', async () => {
    const data = etabs() as unknown as Page;
    const { user, last } = setup({ data: { ...data, meta: { ...data.meta, colour: 'red' } } as unknown as Json });
    openSearch();
    const meta = openSearch();
    expect(within(meta).getByText('Unknown field “colour”')).toBeInTheDocument();
    expect(within(meta).getByText('red')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Title (required)' }), '!');
    expect(last().meta.colour).toBe('red');
    await user.click(within(meta).getByRole('button', { name: 'Remove “colour” (unknown field)' }));
    expect(Object.hasOwn(last().meta, 'colour')).toBe(false);
  });

  test('"Write as" switches a field between its forms, converting the value', async () => {
    const { user, last } = setup();
    openSearch();
    const keywords = screen.getByRole('group', { name: 'Keywords (required)' });
    expect(within(keywords).getAllByRole('textbox')).toHaveLength(6);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Write as (keywords)' }), 'Text');
    expect(last().meta.keywords).toBe(
      'ETABS course Pune, ETABS V-22 training, multistorey building design, shear wall modelling, ETABS SAFE RCDC, civil engineering software academy Pune',
    );
    await user.selectOptions(screen.getByRole('combobox', { name: 'Write as (keywords)' }), 'List');
    expect(last().meta.keywords).toEqual((etabs().meta as { keywords: Json }).keywords);

    // An image written as a path becomes { src } (and the alt text can be added).
    const panel = await openSection(user, /Choose your package \(Packages\)/);
    await user.selectOptions(within(panel).getAllByRole('combobox', { name: 'Write as (image)' })[0]!, 'Picture with its description');
    expect((last().sections[5]!.cards as { image: Json }[])[0]!.image).toEqual({ src: '/images/courses/etabs-basic.svg' });
  });

  test('numbers are written as numbers, and hours or text as the value says', async () => {
    const { user, last } = setup();
    const panel = await openSection(user, /Choose your package \(Packages\)/);
    const duration = within(panel).getAllByRole('spinbutton', { name: 'Duration' })[0]!;
    expect(duration).toHaveValue(15);
    await user.clear(duration);
    await user.type(duration, '20');
    expect((last().sections[5]!.cards as { duration: Json }[])[0]!.duration).toBe(20);
    const list = await openSection(user, /Highlights \(List\)/);
    const columns = within(list).getByRole('spinbutton', { name: 'Columns' });
    await user.clear(columns);
    // An emptied optional number is left out of the page (its default applies).
    expect(Object.hasOwn(last().sections[2]!, 'columns')).toBe(false);
    expect(within(list).getByRole('checkbox', { name: 'Numbered' })).not.toBeChecked();
  });

  test('after a photo is uploaded, the form shows its name and asks for its description (the old one was of the old photo)', async () => {
    const upload = vi.fn((file: File) => Promise.resolve(`/images/uploads/${file.name}`));
    const { user, last } = setup({ upload });
    const panel = await openSection(user, /ETABS V-22 \(Hero\)/);
    const image = within(panel).getByRole('group', { name: 'Image' });
    const path = within(image).getByRole('combobox', { name: 'File (required)' });
    expect(path).toHaveValue('/images/heroes/etabs.svg');
    expect(image.querySelector('img')).toHaveAttribute('src', '/images/heroes/etabs.svg');
    const file = new File(['<svg/>'], 'site-photo.jpg', { type: 'image/jpeg' });
    await user.upload(within(image).getByLabelText(/Upload a new photo/), file);
    expect(upload).toHaveBeenCalledWith(file);
    expect(last().sections[0]!.image).toEqual({ src: '/images/uploads/site-photo.jpg', alt: '' });
    expect(within(image).getByRole('status')).toHaveTextContent('Uploaded: the page now shows site-photo.jpg.');
    expect(path).toHaveValue('/images/uploads/site-photo.jpg');
    // The file picker says which photo the page shows, not "No file chosen".
    expect(within(image).getByText('Now: site-photo.jpg')).toBeInTheDocument();
    const alt = within(image).getByRole('textbox', { name: 'Description of the picture' });
    expect(alt).toHaveFocus();
    expect(alt).toHaveValue('');
    expect(alt).toHaveAccessibleDescription(
      /^Describe the new photo \(site-photo\.jpg\): what does it show, for someone who cannot see it\? The description before was of the old photo: “Illustration of a multistorey building model”\./,
    );
    await user.type(alt, 'Students at work');
    expect(last().sections[0]!.image).toEqual({ src: '/images/uploads/site-photo.jpg', alt: 'Students at work' });
    expect(within(image).queryByText(/Describe the new photo/)).not.toBeInTheDocument();
  });

  test('a failed upload is said in words and changes nothing', async () => {
    // The server's words end in a full stop, as sentences do: the message around them adds no second one.
    const upload = vi.fn(() => Promise.reject(new Error('notes.jpg is not an image the site can show. Upload a JPEG or PNG file.')));
    const { user, changes } = setup({ upload });
    const panel = await openSection(user, /ETABS V-22 \(Hero\)/);
    const image = within(panel).getByRole('group', { name: 'Image' });
    await user.upload(within(image).getByLabelText(/Upload a new photo/), new File(['x'], 'notes.jpg', { type: 'image/jpeg' }));
    expect(within(panel).getByText('The upload of notes.jpg failed: notes.jpg is not an image the site can show. Upload a JPEG or PNG file. Try again, or pick a picture already on the site.')).toBeInTheDocument();
    expect(changes).toHaveLength(0);
  });

  test('a link field offers the routes with their titles, and the external form', async () => {
    const { user } = setup();
    const panel = await openSection(user, /ETABS V-22 \(Hero\)/);
    const href = within(panel).getAllByRole('combobox', { name: 'Link (required)' })[1]!;
    expect(href).toHaveValue('/contact');
    const list = document.getElementById(href.getAttribute('list')!)!;
    expect(list.tagName).toBe('DATALIST');
    const options = [...list.querySelectorAll('option')].map((option) => [option.value, option.textContent]);
    expect(options).toContainEqual(['/contact', 'Contact us']);
    expect(options).toContainEqual(['/etabs', 'ETABS V-22 Course in Pune']);
    expect(options[0]).toEqual(['form', 'The enquiry form (its address is set in the site settings)']);
    // A video's file is a public file, not an image: it is offered the other files.
    const video = await openSection(user, /A look at the course \(Video\)/);
    const src = within(video).getAllByRole('combobox', { name: 'File (required)' })[0]!;
    expect([...document.getElementById(src.getAttribute('list')!)!.querySelectorAll('option')].map((option) => option.value)).toEqual([
      '/media/autocad.webm',
      '/brochure.pdf',
    ]);
  });

  test('a section of a type the site does not have keeps its data and shows its error in the heading', async () => {
    const data = etabs() as unknown as Page;
    const sections = [...data.sections, { type: 'carousel', title: 'Photos' }];
    const errors = [error('unknown-section-type', 'sections[11].type', '"carousel" is not a section type')];
    const { user } = setup({ data: { ...data, sections } as unknown as Json, errors });
    const toggle = screen.getByRole('button', { name: /Photos \(A kind of section the site does not know\)/ });
    expect(toggle).toHaveAccessibleName(/1 error$/);
    expect(toggle).toHaveAccessibleDescription(/^Type: "carousel" is not a section type/);
    await user.click(toggle);
    expect(within(toggle.closest('li')!).getByText(/title: Photos/)).toBeInTheDocument();
    expect(within(toggle.closest('li')!).getByText(/The site has no section of this kind/)).toBeInTheDocument();
  });

  test('a section written as a single value is shown as it is, said so in words, and kept when other fields change', async () => {
    const data = etabs() as unknown as Page;
    const sections = [...data.sections, 'just a line of text'];
    const { user, last } = setup({ data: { ...data, sections } as unknown as Json });
    const toggle = document.getElementById(fieldId('sections[11]'))!;
    await user.click(toggle);
    const panel = toggle.closest('li')!;
    expect(within(panel).getByText(/This section is a single value, not a set of fields/)).toBeInTheDocument();
    expect(within(panel).getByText('just a line of text')).toBeInTheDocument();
    openSearch();
    await user.type(screen.getByRole('textbox', { name: 'Title (required)' }), '!');
    expect(last().sections[11]).toBe('just a line of text');
  });

  // Every kind of field is in these panels: text, paragraphs, images with upload, links, lists of
  // lines and of groups, hours or text, yes/no, numbers; and errors, and the list of section types.
  // (jsdom has no layout: colours are checked in the browser test, tests/browser/editor.test.ts.)
  test('axe finds no violations in the form with panels open and errors shown', { timeout: 90_000 }, async () => {
    const errors = [error('missing-field', 'meta.title', '"title" is missing'), error('too-few', 'sections[4].modules[0].items', 'needs at least one item')];
    const { user, view } = setup({ errors });
    for (const name of [/ETABS V-22 \(Hero\)/, /Course content \(Modules\)/, /Choose your package \(Packages\)/]) await openSection(user, name);
    await user.click(screen.getByRole('button', { name: 'Add section' }));
    const results = await axe.run(view.container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`)).toEqual([]);
  });
});
