import { BATCH_MODES, centreText, formatRupees, isBookable, ONLINE_CENTRE, seatsText, type Batch } from '../content/batches';
import { formatDay } from '../content/calendar';
import { useSite } from '../page/site-context';
import { PageLink } from './PageLink';
import { SmartLink } from './SmartLink';
import './batch-card.css';

/**
 * One upcoming batch as a card (phones first: a card of four short lines, not a wide table's row): its
 * start day the Indian way, days, hours, centre, mode, fee and seats, and an Enroll button while it can be joined. `course`:
 * the course's name and page, on a page listing several courses' batches.
 */
export function BatchCard({ batch, course }: { batch: Batch; course?: { name: string; route: string } | undefined }) {
  const seats = seatsText(batch);
  const bookable = isBookable(batch);
  const day = formatDay(batch.start);
  return (
    <article className="batch-card" data-status={batch.status}>
      <p className="batch-card__start">
        <time dateTime={batch.start}>{day}</time>
        {batch.end && (
          <span className="batch-card__end">
            {' '}
            to <time dateTime={batch.end}>{formatDay(batch.end)}</time>
          </span>
        )}
      </p>
      {course && (
        <h3 className="batch-card__course">
          <PageLink to={course.route}>{course.name}</PageLink>
        </h3>
      )}
      <dl className="batch-card__facts">
        <div>
          <dt>When</dt>
          <dd>
            {batch.days}, {batch.time}
          </dd>
        </div>
        <div>
          <dt>Where</dt>
          <dd>{whereText(batch)}</dd>
        </div>
      </dl>
      <div className="batch-card__footer">
        <div className="batch-card__price">
          <p className="batch-card__fee">
            <span className="visually-hidden">Fee </span>
            <strong>{formatRupees(batch.fee)}</strong>
            {batch.feeNote && <span className="batch-card__fee-note"> {batch.feeNote}</span>}
          </p>
          {seats && <p className={bookable ? 'batch-card__seats' : 'batch-card__seats batch-card__seats--closed'}>{seats}</p>}
        </div>
        {bookable && (
          <SmartLink href="form" className="button batch-card__enroll">
            Enroll
            {/* Several cards say "Enroll": the course and the day tell them apart when links are listed alone. */}
            <span className="visually-hidden">{`: ${course ? `${course.name}, ` : ''}batch starting ${day}`}</span>
          </SmartLink>
        )}
      </div>
    </article>
  );
}

/** Where and how: "Pune, classroom", "Pune, classroom or online", "Online". */
function whereText(batch: Pick<Batch, 'centre' | 'mode'>): string {
  if (batch.centre === ONLINE_CENTRE) return centreText(batch.centre);
  return `${batch.centre}, ${BATCH_MODES[batch.mode].toLowerCase()}`;
}

/** No batch upcoming: never an empty table, but the date to ask for, with the enquiry and WhatsApp buttons. */
export function AskForNextBatch({ course }: { course?: string | undefined }) {
  const site = useSite();
  return (
    <div className="batch-ask">
      <p className="batch-ask__title">Next batch: ask us</p>
      <p className="batch-ask__text">
        {course ? `New ${course} batches are planned as students enquire.` : 'New batches are planned as students enquire.'} Tell us the centre and the
        days that suit you, and we will tell you when the next one starts.
      </p>
      <div className="actions">
        <SmartLink href="form" className="button">
          Enquire Now
        </SmartLink>
        <SmartLink href={site.contact.chat} className="button button--ghost">
          Ask on WhatsApp
        </SmartLink>
      </div>
    </div>
  );
}
