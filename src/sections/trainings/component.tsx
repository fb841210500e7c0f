import type { SectionOf } from '../../content/page-schema';
import { Img } from '../../ui/Img';
import { SectionShell } from '../../ui/SectionShell';
import { ShowAll, splitLong } from '../../ui/ShowAll';
import type { SectionProps } from '../types';
import './trainings.css';

type Card = SectionOf<'trainings'>['cards'][number];

/**
 * More trainings than this: a phone shows the first SHOWN and the rest behind "Show all" (wide screens
 * show every card). Four fill whole rows of two (phones, tablets) and four (from 64rem).
 */
const LONG = 6;
const SHOWN = 4;

/** Trainings conducted: photo cards with a title and a note on the course or place, two to a row on phones. */
export default function Trainings({ section }: SectionProps<'trainings'>) {
  const { first, rest } = splitLong(section.cards, LONG, SHOWN);
  const list = (cards: Card[]) => (
    <ul className="grid trainings">
      {cards.map((card, i) => (
        <li key={i} className="card training">
          <Img image={card.image} slot="card" fallbackAlt={card.title} className="training__image" />
          <div className="training__body">
            <h3 className="training__title">{card.title}</h3>
            <p className="training__location">{card.location}</p>
          </div>
        </li>
      ))}
    </ul>
  );
  return (
    <SectionShell kind="trainings" id={section.id} title={section.title} intro={section.intro}>
      {list(first)}
      {rest.length > 0 && (
        <ShowAll total={section.cards.length} noun="trainings">
          {list(rest)}
        </ShowAll>
      )}
    </SectionShell>
  );
}
