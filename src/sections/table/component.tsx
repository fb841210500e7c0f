import { useId } from 'react';
import { SectionShell, Text } from '../../ui/SectionShell';
import type { SectionProps } from '../types';
import './table.css';

/** Tables of more columns than this become a card per row on a phone; narrower ones wrap their words. */
const COLUMNS_THAT_WRAP = 2;

/**
 * A data table with a caption. On a phone a table of two columns wraps its words, and a wider one shows
 * each row as a card, each cell under its column's heading (table.css): nothing to scroll sideways. On a
 * wider screen a table too wide for the page scrolls inside a focusable frame, whose shadowed edge shows
 * that there is more. The roles are written out because a browser drops a table's own roles when its
 * rows are laid out as cards.
 */
export default function Table({ section }: SectionProps<'table'>) {
  const captionId = useId();
  const layout = section.columns.length > COLUMNS_THAT_WRAP ? 'data-table--cards' : 'data-table--wrap';
  return (
    <SectionShell kind="table" id={section.id} title={section.title}>
      {/* Focusable and named, so keyboard users can reach the frame and scroll it with the arrow keys. */}
      <div className="table-scroll" tabIndex={0} role="region" aria-labelledby={captionId}>
        <table className={`data-table ${layout}`} role="table">
          <caption id={captionId}>{section.caption}</caption>
          <thead role="rowgroup">
            <tr role="row">
              {section.columns.map((column, i) => (
                <th key={i} scope="col" role="columnheader">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody role="rowgroup">
            {section.rows.map((row, i) => (
              <tr key={i} role="row">
                {row.map((cell, j) => (
                  <td key={j} role="cell">
                    {/* Seen only where the row is a card; a screen reader has the column's heading already. */}
                    <span className="data-table__label" aria-hidden="true">
                      {section.columns[j]}
                    </span>
                    {cell}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {section.note && <Text paragraphs={section.note} className="table-note" />}
    </SectionShell>
  );
}
