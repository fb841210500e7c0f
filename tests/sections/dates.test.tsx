import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SectionSchema } from '../../src/content/page-schema';
import { renderSection } from '../helpers/render';

/** The GATE dates as the important dates page gives them: one cycle announced in words beside its days, the next expected by month. */
const section = {
  type: 'dates',
  title: 'GATE schedule',
  cycles: [
    {
      name: 'GATE 2026',
      validUntil: '2026-02-14',
      events: [
        { event: 'Application portal opens', when: 'Last week of August 2025', date: { from: '2025-08-25', to: '2025-08-31' } },
        { event: 'Exams', date: { from: '2026-02-07', to: '2026-02-15' } },
        { event: 'GATE 2025 results', date: '2025-03-19' },
      ],
    },
    {
      name: 'GATE 2027',
      checked: '2026-08-20',
      validUntil: '2026-10-31',
      events: [
        { event: 'Admit cards', date: '2027-01-07' },
        { event: 'Exams', expected: '2027-02' },
      ],
    },
  ],
  note: 'All dates are liable to change.',
};

const rowOf = (table: HTMLElement, event: string) => within(table).getByRole('rowheader', { name: new RegExp(`^${event}`) }).closest('tr')!;

describe('dates', () => {
  it('shows a date that is past as past, never as upcoming: "held 7–15 Feb 2026"', () => {
    renderSection(section, 1, { today: '2026-03-01' });
    const held = screen.getByRole('table', { name: 'GATE 2026: held' });
    const exams = rowOf(held, 'Exams');
    expect(exams).toHaveTextContent('held 7–15 Feb 2026');
    expect(within(exams).getAllByRole('cell')[1]).toHaveTextContent('Past');
    expect(exams.querySelector('time')).toHaveAttribute('datetime', '2026-02-07');
    expect(exams).toHaveAttribute('data-status', 'past');
    // The words as announced stay, beside the day they mean.
    const portal = rowOf(held, 'Application portal opens');
    expect(within(portal).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['Last week of August 2025', 'Past']);
    expect(portal.querySelector('time')).toHaveAttribute('datetime', '2025-08-25');
  });

  it('while the exams are on, they are under way; before, upcoming', () => {
    const { unmount } = renderSection(section, 1, { today: '2026-02-10' });
    expect(rowOf(screen.getByRole('table', { name: 'GATE 2026' }), 'Exams')).toHaveTextContent('Under way');
    unmount();
    renderSection(section, 1, { today: '2026-01-01' });
    const exams = rowOf(screen.getByRole('table', { name: 'GATE 2026' }), 'Exams');
    expect(exams).toHaveAttribute('data-status', 'upcoming');
    expect(exams).toHaveTextContent('Upcoming');
  });

  it('says when a cycle is over and shows what is known of the next one first', () => {
    renderSection(section, 1, { today: '2026-12-08' });
    expect(screen.getByRole('status')).toHaveTextContent('GATE 2026 is over: its dates are kept below as held. What is known of GATE 2027:');
    const tables = screen.getAllByRole('table');
    expect(tables.map((table) => table.querySelector('caption')!.textContent)).toEqual(['GATE 2027', 'GATE 2026: held']);
    const exams = rowOf(tables[0]!, 'Exams');
    expect(exams).toHaveTextContent('expected in February 2027');
    expect(exams).toHaveTextContent('Expected');
    expect(exams.querySelector('time')).toHaveAttribute('datetime', '2027-02');
  });

  it('when every cycle is over: "not yet announced, last checked <date>"', () => {
    renderSection(section, 1, { today: '2027-03-01' });
    expect(screen.getByRole('status')).toHaveTextContent('GATE 2027 is over: its dates are kept below as held. The next dates are not yet announced, last checked 20 August 2026.');
    expect(document.querySelectorAll('[data-status="upcoming"], [data-status="now"]')).toHaveLength(0);
    expect(rowOf(screen.getByRole('table', { name: 'GATE 2027: held' }), 'Exams')).toHaveTextContent('was expected in February 2027');
  });

  it('says where the dates come from and when they were last checked', () => {
    renderSection(section, 1, { today: '2026-12-08' });
    expect(screen.getByText(/last checked/, { selector: '.dates-source' })).toHaveTextContent('Source: the official announcement · last checked 20 August 2026');
    expect(screen.getByText(/not yet checked/, { selector: '.dates-source' })).toHaveTextContent('not yet checked against it · GATE 2026 ended 15 February 2026');
  });

  it('refuses a period that ends before it starts, an event with no date and one with two', () => {
    const event = (fields: object) => ({ ...section, cycles: [{ name: 'GATE 2027', validUntil: '2026-10-31', events: [{ event: 'Exams', ...fields }] }] });
    const problemOf = (fields: object) => {
      const result = SectionSchema.safeParse(event(fields));
      const issue = result.success ? undefined : result.error.issues[0];
      return issue?.code === 'custom' ? (issue.params as { problem: { code: string; message: string } }).problem : undefined;
    };
    expect(problemOf({ date: { from: '2027-02-15', to: '2027-02-07' } })).toMatchObject({ code: 'dated-fact', message: 'this period ends on 2027-02-07, before it starts on 2027-02-15' });
    expect(problemOf({})).toMatchObject({ code: 'dated-fact', message: 'this event has no date' });
    expect(problemOf({ date: '2027-02-07', expected: '2027-02' })).toMatchObject({ code: 'dated-fact', message: 'this event has both a date and an expected month' });
    expect(SectionSchema.safeParse(event({ date: '2027-02-30' })).success).toBe(false);
  });
});
