import { useId } from 'react';
import { formatDay, formatLongDay, formatMonth, formatPeriod, type IsoDate } from '../../content/calendar';
import { allPast, lastDayOf, spanOf, statusOf, type EventStatus, type Span } from '../../content/dated-facts';
import { useToday } from '../../page/today-context';
import { SectionShell, Text } from '../../ui/SectionShell';
import type { DateCycle, DatedEvent } from './schema';
import type { SectionProps } from '../types';
import './dates.css';

/**
 * Important dates for the day the page is made for: the cycle under way or next first, each date marked
 * past, today or upcoming; a cycle whose dates are all past says so and stays below as held. Every date
 * is a `<time datetime>`, each row carries its status and last day (`data-status`, `data-last`).
 */
export default function Dates({ section }: SectionProps<'dates'>) {
  const today = useToday();
  const open = section.cycles.filter((cycle) => !allPast(cycle.events, today));
  const over = section.cycles.filter((cycle) => allPast(cycle.events, today)).reverse();
  const latestOver = over[0];
  return (
    <SectionShell kind="dates" id={section.id} title={section.title} intro={section.intro}>
      {latestOver && (
        <p className="dates-notice" role="status">
          {latestOver.name} is over: its dates are kept below as held.{' '}
          {open[0] ? `What is known of ${open[0].name}:` : <NotAnnounced cycles={section.cycles} />}
        </p>
      )}
      {[...open, ...over].map((cycle, index) => (
        <CycleTable key={index} cycle={cycle} today={today} over={over.includes(cycle)} />
      ))}
      {section.note && <Text paragraphs={section.note} className="dates-note" />}
    </SectionShell>
  );
}

/** "The next dates are not yet announced (last checked 20 August 2026)." */
function NotAnnounced({ cycles }: { cycles: readonly DateCycle[] }) {
  const checked = cycles.flatMap((cycle) => (cycle.checked ? [cycle.checked] : [])).sort().at(-1);
  return (
    <>
      The next dates are not yet announced{checked ? <>, last checked <time dateTime={checked}>{formatLongDay(checked)}</time></> : null}.
    </>
  );
}

function CycleTable({ cycle, today, over }: { cycle: DateCycle; today: IsoDate; over: boolean }) {
  const captionId = useId();
  return (
    <div className="dates-cycle" data-cycle={over ? 'over' : 'open'}>
      <div className="dates-scroll" tabIndex={0} role="region" aria-labelledby={captionId}>
        <table className="dates-table">
          <caption id={captionId}>
            {cycle.name}
            {over ? ': held' : ''}
          </caption>
          <thead>
            <tr>
              <th scope="col">Event</th>
              <th scope="col">Date</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {cycle.events.map((event, index) => (
              <EventRow key={index} event={event} today={today} />
            ))}
          </tbody>
        </table>
      </div>
      <p className="dates-source">
        {cycle.source ? (
          <>
            Source: <a href={cycle.source} rel="noopener" target="_blank">the official page</a>
          </>
        ) : (
          'Source: the official announcement'
        )}
        {cycle.checked ? (
          <>
            {' '}· last checked <time dateTime={cycle.checked}>{formatLongDay(cycle.checked)}</time>
          </>
        ) : (
          ' · not yet checked against it'
        )}
        {over ? ` · ${cycle.name} ended ${formatLongDay(lastDayOf(cycle.events) ?? today)}` : ''}
      </p>
    </div>
  );
}

const STATUS_WORDS: Record<EventStatus, Record<Span['precision'], string>> = {
  past: { day: 'Past', period: 'Past', month: 'Past' },
  now: { day: 'Today', period: 'Under way', month: 'This month' },
  upcoming: { day: 'Upcoming', period: 'Upcoming', month: 'Expected' },
};

function EventRow({ event, today }: { event: DatedEvent; today: IsoDate }) {
  // The schema guarantees a date or an expected month.
  const span = spanOf(event)!;
  const status = statusOf(span, today);
  const machine = span.precision === 'month' ? event.expected! : span.first;
  return (
    <tr className={`dates-row dates-row--${status}`} data-status={status} data-last={span.last}>
      <th scope="row">
        {event.event}
        {event.note && <span className="dates-row__note">{event.note}</span>}
      </th>
      <td>
        {/* The words as announced stand alone; a period in days says it was held ("held 7–15 Feb 2026"). */}
        {status === 'past' && span.precision === 'period' && !event.when ? 'held ' : span.precision === 'month' ? (status === 'past' ? 'was expected in ' : 'expected in ') : ''}
        <time dateTime={machine}>{event.when ?? spelled(span, event)}</time>
      </td>
      <td>
        <span className={`dates-status dates-status--${status}`}>{STATUS_WORDS[status][span.precision]}</span>
      </td>
    </tr>
  );
}

function spelled(span: Span, event: DatedEvent): string {
  if (span.precision === 'month') return formatMonth(event.expected!);
  if (span.precision === 'period') return formatPeriod(span.first, span.last);
  return formatDay(span.first);
}
