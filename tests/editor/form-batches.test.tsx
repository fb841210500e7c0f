/**
 * A course's batches in the visual editor's form, as an editor edits them: dates with the browser's
 * date picker, the centre a choice among the site's branches (or online), "₹" before the fee, and a
 * batch copied to make the next one, a month later, in one press. The real page schema and page.
 */
// @tier slow: renders the whole generated form of a course page in jsdom
import { fireEvent, render, screen, within } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { useState } from 'react';
import { parse } from 'yaml';
import { PageForm, type FormContext } from '../../editor/app/form';
import type { Json } from '../../editor/protocol/api';
import { schemaResponse } from '../../editor/server/schema-info';

const ROOT = path.resolve(import.meta.dirname, '../..');
const { page: SCHEMA, sections: TYPES } = schemaResponse(ROOT, path.join(ROOT, 'pages'));

type Batch = Record<string, Json>;
type Page = { meta: { course: { batches: Batch[] } } };

function setup() {
  const data = parse(readFileSync(path.join(ROOT, 'pages/etabs.yaml'), 'utf8')) as Json;
  const context: FormContext = { routes: [], images: [], files: [], branches: ['Pune', 'Aurangabad', 'Jaipur'], upload: () => Promise.reject(new Error('none')), sections: TYPES };
  const changes: Json[] = [];
  function Editor() {
    const [value, setValue] = useState<Json>(data);
    return (
      <PageForm
        schema={SCHEMA}
        value={value}
        errors={[]}
        context={context}
        onChange={(next) => {
          changes.push(next);
          setValue(next);
        }}
      />
    );
  }
  const view = render(<Editor />);
  fireEvent.click(screen.getByRole('button', { name: /^How the page appears in search and when shared/ }));
  const batches = screen.getByRole('group', { name: /^Batches/ });
  return { view, batches, last: () => changes[changes.length - 1] as unknown as Page };
}

describe("a course's batches in the form", () => {
  test('a start and an end are picked as dates', () => {
    const { batches } = setup();
    const first = within(within(batches).getAllByRole('listitem')[0]!);
    const start = first.getByLabelText(/^Start/);
    expect(start).toHaveAttribute('type', 'date');
    expect(start).toHaveValue('2027-01-18');
    expect(first.getByLabelText(/^End/)).toHaveAttribute('type', 'date');
  });

  test('the centre is a choice among the branches, or online', () => {
    const { batches, last } = setup();
    const centre = within(within(batches).getAllByRole('listitem')[0]!).getByRole('combobox', { name: /^Centre/ });
    expect(within(centre).getAllByRole('option').map((option) => option.textContent)).toEqual(['Pune', 'Aurangabad', 'Jaipur', 'Online']);
    fireEvent.change(centre, { target: { value: 'Jaipur' } });
    expect(last().meta.course.batches[0]!.centre).toBe('Jaipur');
  });

  test('the fee is in rupees', () => {
    const { batches } = setup();
    const fee = within(within(batches).getAllByRole('listitem')[0]!).getByRole('spinbutton', { name: /^Fee/ });
    expect(fee).toHaveValue(12500);
    expect(fee.closest('.ef-money')).toHaveTextContent('₹');
  });

  test('"Copy this batch" adds a copy at the end, its dates a month later, in one press', () => {
    const { batches, last } = setup();
    const third = within(batches).getAllByRole('listitem')[2]!;
    fireEvent.focus(within(third).getByLabelText(/^Start/));
    fireEvent.click(within(third).getByRole('button', { name: /^Copy this batch/ }));
    const written = last().meta.course.batches;
    expect(written).toHaveLength(4);
    expect(written[3]).toEqual({ ...written[2], start: '2027-04-15', end: '2027-05-02' });
    expect(written.slice(0, 3).map((batch) => batch.start)).toEqual(['2027-01-18', '2027-02-06', '2027-03-15']);
  });
});
