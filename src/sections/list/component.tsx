import { SectionShell } from '../../ui/SectionShell';
import type { SectionProps } from '../types';
import './list.css';

/**
 * Bullet or numbered points in one to three columns. A split list stays one list (so a screen reader
 * hears its length and every item once); CSS moves the items after `splitAt` into the second column.
 */
export default function List({ section }: SectionProps<'list'>) {
  const Tag = section.ordered ? 'ol' : 'ul';
  const { splitAt } = section;
  const layout = splitAt === undefined ? `list-items--columns-${section.columns}` : 'list-items--split';
  return (
    <SectionShell kind="list" id={section.id} title={section.title} intro={section.intro}>
      <Tag className={`list-items ${layout}`}>
        {section.items.map((item, i) => (
          <li key={i} data-column={splitAt === undefined ? undefined : i < splitAt ? 1 : 2}>
            {item}
          </li>
        ))}
      </Tag>
    </SectionShell>
  );
}
