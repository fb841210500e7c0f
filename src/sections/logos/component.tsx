import type { ReactNode } from 'react';
import type { SectionOf } from '../../content/page-schema';
import { Img } from '../../ui/Img';
import { SectionShell } from '../../ui/SectionShell';
import { ShowAll, splitLong } from '../../ui/ShowAll';
import { SmartLink } from '../../ui/SmartLink';
import type { SectionProps } from '../types';
import './logos.css';

type Item = SectionOf<'logos'>['items'][number];

/**
 * More names than this: a phone shows the first rows and the rest behind "Show all" (wide screens show
 * every name). As many as fill whole rows both on a phone (three) and at the content's `columns`, so the
 * rest continues the grid on a wide screen with no gap: 15 for five columns, 12 for four, else 18.
 */
const LONG = 24;
const shownOf = (columns: number) => (columns >= 4 ? 3 * columns : 18);

/** Institutes, companies or partners: three small tiles to a row on phones, up to `columns` on wide screens. */
export default function Logos({ section }: SectionProps<'logos'>) {
  const { first, rest } = splitLong(section.items, LONG, shownOf(section.columns));
  const list = (items: Item[]) => (
    <ul className={`logos logos--max-${section.columns}`}>
      {items.map((item, i) => {
        const tile: ReactNode = (
          <>
            {item.logo ? (
              <Img image={item.logo} slot="logo" fallbackAlt={item.name} className="logos__image" />
            ) : (
              <span className="logos__name">{item.name}</span>
            )}
            {item.city && <span className="logos__city">{item.city}</span>}
          </>
        );
        return (
          <li key={i} className="card logos__item">
            {item.href ? (
              <SmartLink href={item.href} className="logos__link">
                {tile}
              </SmartLink>
            ) : (
              tile
            )}
          </li>
        );
      })}
    </ul>
  );
  return (
    <SectionShell kind="logos" id={section.id} title={section.title} intro={section.intro}>
      {list(first)}
      {rest.length > 0 && <ShowAll total={section.items.length}>{list(rest)}</ShowAll>}
    </SectionShell>
  );
}
