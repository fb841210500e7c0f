import type { ReactNode } from 'react';
import { Img } from '../../ui/Img';
import { SectionShell } from '../../ui/SectionShell';
import { SmartLink } from '../../ui/SmartLink';
import type { SectionProps } from '../types';
import './logos.css';

/** Institutes, companies or partners: one column on phones, up to `columns` on wide screens. */
export default function Logos({ section }: SectionProps<'logos'>) {
  return (
    <SectionShell kind="logos" id={section.id} title={section.title} intro={section.intro}>
      <ul className={`logos logos--max-${section.columns}`}>
        {section.items.map((item, i) => {
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
    </SectionShell>
  );
}
