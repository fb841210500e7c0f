import type { SectionOf } from '../../content/page-schema';
import { nextBookableBatch } from '../../content/batches';
import { formatShortDay } from '../../content/calendar';
import { useCourses } from '../../page/courses-context';
import { useToday } from '../../page/today-context';
import { Img } from '../../ui/Img';
import { SectionShell, Text } from '../../ui/SectionShell';
import { SmartLink } from '../../ui/SmartLink';
import type { SectionProps } from '../types';
import './course-cards.css';

type Card = SectionOf<'course-cards'>['cards'][number];

/** One wide card per course; the image alternates sides, starting on the left. */
export default function CourseCards({ section }: SectionProps<'course-cards'>) {
  return (
    <SectionShell kind="course-cards" id={section.id} title={section.title} intro={section.intro}>
      <ul className="course-cards">
        {section.cards.map((card, i) => (
          <li key={i}>
            <CourseCard card={card} imageSide={i % 2 === 0 ? 'left' : 'right'} />
          </li>
        ))}
      </ul>
    </SectionShell>
  );
}

/**
 * One card. A card that names its course page (`course: /etabs`) takes the name, the duration and a
 * Learn More link to it from that page's facts, for what it does not give itself, and the day its next
 * batch starts (while one can be joined).
 */
function CourseCard({ card: given, imageSide }: { card: Card; imageSide: 'left' | 'right' }) {
  const courses = useCourses();
  const today = useToday();
  const course = given.course === undefined ? undefined : courses[given.course];
  // The next batch a visitor can join, from the course page's batches: "Next batch 11 Jan".
  const next = course ? nextBookableBatch(course.batches, today) : undefined;
  const card = {
    ...given,
    // Without the site's courses (a preview of this section alone), the route stands in for the name.
    title: given.title ?? course?.name ?? given.course ?? '',
    duration: given.duration?.text ?? course?.duration,
    link: given.link ?? (given.course === undefined ? undefined : { label: 'Learn More', href: given.course }),
  };
  return (
    <article className="card course-card" data-image-side={imageSide}>
      <Img image={card.image} slot="card" fallbackAlt={card.title} className="course-card__image" />
      <div className="course-card__body">
        <h3 className="course-card__title">{card.title}</h3>
        {card.subtitle && <p className="course-card__subtitle">{card.subtitle}</p>}
        {card.description && <Text paragraphs={card.description} />}
        {card.highlights.length > 0 && (
          <ul className="course-card__highlights">
            {card.highlights.map((highlight, j) => (
              <li key={j}>{highlight}</li>
            ))}
          </ul>
        )}
        {card.duration && (
          <p className="course-card__duration">
            <strong>Duration:</strong> {card.duration}
          </p>
        )}
        {next && (
          <p className="course-card__next">
            <strong>Next batch</strong> <time dateTime={next.start}>{formatShortDay(next.start, today)}</time>
          </p>
        )}
        {card.link && (
          <SmartLink href={card.link.href} className="button">
            {card.link.label}
            {/* Several cards say "Learn More": the course name tells them apart when links are listed alone. */}
            <span className="visually-hidden">: {card.title}</span>
          </SmartLink>
        )}
      </div>
    </article>
  );
}
