/**
 * The site settings (pages/_site.yaml) in the generated form: the real site schema as GET
 * /_editor/api/schema gives it, with the real site document. Contact, menu (submenus and their
 * group ids included), footer and the enquiry form are edited like a page's fields; each edit
 * changes only what the editor changed; the validator's errors are shown at their fields.
 */
// @tier slow: types into the whole generated form of the site settings in jsdom
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { useState } from 'react';
import { parse } from 'yaml';
import { schemaResponse } from '../../editor/server/schema-info';
import type { ContentError } from '../../src/content/errors';
import { PageForm, type FormContext } from '../../editor/app/form';
import type { Json } from '../../editor/protocol/api';

const ROOT = path.resolve(import.meta.dirname, '../..');
const { site: SCHEMA, sections: TYPES } = schemaResponse(ROOT, path.join(ROOT, 'pages'));

type Site = { [key: string]: Json } & {
  contact: { [key: string]: Json };
  menu: ({ [key: string]: Json } & { items?: { [key: string]: Json }[] })[];
};

function realSite(): Site {
  return parse(readFileSync(path.join(ROOT, 'pages/_site.yaml'), 'utf8')) as Site;
}

const CONTEXT: FormContext = {
  routes: [
    { route: '/', title: 'Home' },
    { route: '/contact', title: 'Contact us' },
  ],
  images: ['/images/logo.svg'],
  files: ['/downloads/cesa-brochure.pdf'],
  upload: () => Promise.resolve('/images/uploads/logo.png'),
  sections: TYPES,
};

function setup(errors: ContentError[] = []) {
  const changes: Json[] = [];
  const original = realSite();
  function Editor() {
    const [value, setValue] = useState<Json>(original);
    return (
      <PageForm
        schema={SCHEMA}
        value={value}
        errors={errors}
        context={CONTEXT}
        onChange={(next) => {
          changes.push(next);
          setValue(next);
        }}
      />
    );
  }
  const view = render(<Editor />);
  return { user: userEvent.setup(), view, original, last: () => changes[changes.length - 1] as Site };
}

describe('the site settings form', () => {
  test('shows the real site document: the phone number, the enquiry form, the footer', () => {
    setup();
    const contact = screen.getByRole('group', { name: /^Contact/ });
    expect(within(contact).getByRole('textbox', { name: /^Phone/ })).toHaveValue(realSite().contact.phone as string);
    const form = screen.getByRole('group', { name: /^Form/ });
    expect(within(form).getByRole('textbox', { name: /^Web address/ })).toHaveValue('https://forms.example.com/cesa-enquiry');
    expect(screen.getByRole('group', { name: /^Footer/ })).toBeInTheDocument();
  });

  test('changing the phone number changes only the phone number', async () => {
    const { user, original, last } = setup();
    const phone = within(screen.getByRole('group', { name: /^Contact/ })).getByRole('textbox', { name: /^Phone/ });
    await user.clear(phone);
    await user.type(phone, '+91 12345 67890');
    const next = last();
    expect(next.contact.phone).toBe('+91 12345 67890');
    expect({ ...next, contact: { ...next.contact, phone: original.contact.phone } }).toEqual(original);
    expect(next.menu).toBe(original.menu);
  });

  test("a submenu's entries are editable, their group ids too", async () => {
    const { user, original, last } = setup();
    const courses = original.menu.findIndex((entry) => entry.label === 'Our Courses');
    const structure = original.menu[courses]!.items!.findIndex((entry) => entry.group === 'structure');
    const groupField = document.getElementById(`field-menu-${courses}-items-${structure}-group`) as HTMLInputElement;
    expect(groupField).toHaveValue('structure');
    await user.clear(groupField);
    await user.type(groupField, 'structural');
    const next = last();
    expect(next.menu[courses]!.items![structure]).toEqual({ label: 'Structure', group: 'structural' });
    expect(next.menu.filter((_, index) => index !== courses)).toEqual(original.menu.filter((_, index) => index !== courses));
  });

  test("a menu entry's link is picked from the site's pages", () => {
    setup();
    const contactLink = document.getElementById(`field-menu-${realSite().menu.length - 1}-href`) as HTMLInputElement;
    expect(contactLink).toHaveValue('/contact');
    const list = document.getElementById(contactLink.getAttribute('list') ?? '');
    expect([...(list?.querySelectorAll('option') ?? [])].map((option) => option.value)).toContain('/contact');
  });

  test('an error of the validator is shown at its field', () => {
    setup([
      {
        code: 'invalid-value',
        path: 'contact.phone',
        message: 'must be a phone number',
        hint: 'Write it as +91 followed by the number.',
        file: 'pages/_site.yaml',
        line: 1,
        column: 1,
      },
    ]);
    const phone = within(screen.getByRole('group', { name: /^Contact/ })).getByRole('textbox', { name: /^Phone/ });
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    expect(phone).toHaveAccessibleDescription(expect.stringContaining('must be a phone number'));
  });

  test('axe finds no violations', { timeout: 90_000 }, async () => {
    const { view } = setup();
    const results = await axe.run(view.container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.length}`)).toEqual([]);
  });
});
