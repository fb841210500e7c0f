import { Img } from '../../ui/Img';
import { SectionShell } from '../../ui/SectionShell';
import type { SectionProps } from '../types';
import './trainings.css';

/** Trainings conducted: photo cards with a title and a note on the course or place. */
export default function Trainings({ section }: SectionProps<'trainings'>) {
  return (
    <SectionShell kind="trainings" id={section.id} title={section.title} intro={section.intro}>
      <ul className="grid trainings">
        {section.cards.map((card, i) => (
          <li key={i} className="card training">
            <Img image={card.image} slot="card" fallbackAlt={card.title} className="training__image" />
            <div className="training__body">
              <h3 className="training__title">{card.title}</h3>
              <p className="training__location">{card.location}</p>
            </div>
          </li>
        ))}
      </ul>
    </SectionShell>
  );
}
