import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderSection } from '../helpers/render';

const section = {
  type: 'table',
  title: 'Important dates',
  caption: 'GATE 2026 schedule',
  columns: ['Event', 'Date'],
  rows: [
    ['Application portal opens', 'Last week of August 2025'],
    ['Admit cards', '2nd week of January 2026'],
  ],
  note: 'All dates are liable to change.',
};

describe('table', () => {
  it('is a real table with a caption, column headers and cells', () => {
    renderSection(section);
    expect(screen.getByRole('heading', { level: 2, name: 'Important dates' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'GATE 2026 schedule' });
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((header) => header.textContent)).toEqual(['Event', 'Date']);
    for (const header of headers) expect(header).toHaveAttribute('scope', 'col');

    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    const cells = within(rows[2]!).getAllByRole('cell');
    expect(cells).toHaveLength(2);
    expect(cells[0]).toHaveAccessibleName('Admit cards');
    expect(cells[1]).toHaveAccessibleName('2nd week of January 2026');
  });

  it("labels every cell with its column's heading, for a phone that shows each row as a card", () => {
    renderSection({
      type: 'table',
      caption: 'Sessions',
      columns: ['Session', 'Papers', 'Time'],
      rows: [['Session 1', 'CS1 / AG / MA', '9:30 to 12:30']],
    });
    const [session, papers, time] = screen.getAllByRole('cell');
    expect(within(session!).getByText('Session')).toHaveAttribute('aria-hidden', 'true');
    expect(within(papers!).getByText('Papers')).toBeInTheDocument();
    expect(within(time!).getByText('Time')).toBeInTheDocument();
    // A screen reader hears the value once: the column's heading is the table's.
    expect(papers).toHaveAccessibleName('CS1 / AG / MA');
  });

  it('wraps the table in a named, keyboard-focusable scrolling frame', () => {
    renderSection(section);
    const frame = screen.getByRole('region', { name: 'GATE 2026 schedule' });
    expect(frame).toHaveAttribute('tabindex', '0');
    expect(frame).toContainElement(screen.getByRole('table'));
  });

  it('shows the note below the table', () => {
    renderSection(section);
    const note = screen.getByText('All dates are liable to change.');
    expect(screen.getByRole('table').compareDocumentPosition(note) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('shows numbers as text', () => {
    renderSection({ type: 'table', caption: 'Fees', columns: ['Course', 'Hours'], rows: [['ETABS', 45]] });
    expect(screen.getByRole('cell', { name: '45' })).toBeInTheDocument();
  });
});
