import { useId } from 'react';
import { SectionShell, Text } from '../../ui/SectionShell';
import type { SectionProps } from '../types';
import './table.css';

/** A data table with a caption; on narrow screens it scrolls sideways inside a focusable frame. */
export default function Table({ section }: SectionProps<'table'>) {
  const captionId = useId();
  return (
    <SectionShell kind="table" id={section.id} title={section.title}>
      {/* Focusable and named, so keyboard users can reach the frame and scroll it with the arrow keys. */}
      <div className="table-scroll" tabIndex={0} role="region" aria-labelledby={captionId}>
        <table className="data-table">
          <caption id={captionId}>{section.caption}</caption>
          <thead>
            <tr>
              {section.columns.map((column, i) => (
                <th key={i} scope="col">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {section.rows.map((row, i) => (
              <tr key={i}>
                {row.map((cell, j) => (
                  <td key={j}>{cell}</td>
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
