import { Img } from '../../ui/Img';
import { SectionShell, Text } from '../../ui/SectionShell';
import type { SectionProps } from '../types';
import './packages.css';

/** A grid of package or programme cards; with `wideLast`, the last card takes a whole row. */
export default function Packages({ section }: SectionProps<'packages'>) {
  const last = section.cards.length - 1;
  return (
    <SectionShell kind="packages" id={section.id} title={section.title} intro={section.intro}>
      <ul className="grid packages">
        {section.cards.map((card, i) => (
          <li key={i} className={section.wideLast && i === last ? 'card package package--wide' : 'card package'}>
            {card.image && <Img image={card.image} slot="card" fallbackAlt={card.title} className="package__image" />}
            <div className="package__body">
              <h3 className="package__title">{card.title}</h3>
              {card.description && <Text paragraphs={card.description} />}
              {card.duration && (
                <p className="package__duration">
                  <strong>Duration:</strong> {card.duration.text}
                </p>
              )}
            </div>
          </li>
        ))}
      </ul>
    </SectionShell>
  );
}
