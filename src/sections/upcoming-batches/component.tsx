import { centreText, ONLINE_CENTRE, upcomingBatches, type Batch } from '../../content/batches';
import { formatMonth } from '../../content/calendar';
import { behaviour } from '../../islands/behaviour';
import { useCourses } from '../../page/courses-context';
import { useToday } from '../../page/today-context';
import { AskForNextBatch, BatchCard } from '../../ui/BatchCard';
import { SectionShell } from '../../ui/SectionShell';
import type { SectionProps } from '../types';
import './upcoming-batches.css';

interface Listed {
  batch: Batch;
  course: { name: string; route: string };
}

/** One filter: a row of buttons, the one pressed is the choice (the first, "all", to begin with). */
function Choices({ filter, label, choices }: { filter: string; label: string; choices: [string, string][] }) {
  return (
    <div className="upcoming-batches__choices" role="group" aria-label={label}>
      <span className="upcoming-batches__choices-label" aria-hidden="true">
        {label}
      </span>
      {choices.map(([value, words], index) => (
        <button key={value} type="button" className="upcoming-batches__choice" data-filter={filter} data-value={value} aria-pressed={index === 0 ? 'true' : 'false'}>
          {words}
        </button>
      ))}
    </div>
  );
}

/**
 * Every upcoming batch of every course page, earliest first, under a heading per month. All of it is
 * in the HTML; the behaviour shows the centre and mode choices (buttons: a select would leave the page to
 * React's own renderer, src/islands/static-markup.ts) and hides the batches they leave out (each card's li
 * says its centre and modes in data- attributes).
 */
export default function UpcomingBatches({ section }: SectionProps<'upcoming-batches'>) {
  const today = useToday();
  const courses = useCourses();
  const listed: Listed[] = Object.entries(courses)
    .flatMap(([route, course]) => upcomingBatches(course.batches, today).map((batch) => ({ batch, course: { name: course.name, route } })))
    .sort((a, b) => a.batch.start.localeCompare(b.batch.start) || a.course.name.localeCompare(b.course.name));
  const months = new Map<string, Listed[]>();
  for (const entry of listed) {
    const month = entry.batch.start.slice(0, 7);
    months.set(month, [...(months.get(month) ?? []), entry]);
  }
  const centres = [...new Set(listed.map((entry) => entry.batch.centre))].sort((a, b) => Number(a === ONLINE_CENTRE) - Number(b === ONLINE_CENTRE) || a.localeCompare(b));
  return (
    <SectionShell kind="upcoming-batches" id={section.id} title={section.title} intro={section.intro}>
      {listed.length === 0 ? (
        <AskForNextBatch />
      ) : (
        <div className="upcoming-batches" {...behaviour('upcoming-batches')}>
          {/* Reserved, unseen, until the behaviour runs (no shift of the list when it appears); a reader without JavaScript has the whole list. */}
          <div className="upcoming-batches__filters" data-filters>
            <Choices filter="centre" label="Centre" choices={[['', 'All centres'], ...centres.map((centre): [string, string] => [centre, centreText(centre)])]} />
            <Choices filter="mode" label="Mode" choices={[['', 'All modes'], ['classroom', 'Classroom'], ['online', 'Online']]} />
            <p className="upcoming-batches__count" data-count aria-live="polite" />
          </div>
          {[...months].map(([month, entries]) => (
            <section key={month} className="upcoming-batches__month" data-month aria-label={formatMonth(month)}>
              <h3 className="upcoming-batches__month-title">{formatMonth(month)}</h3>
              <ul className="batch-cards">
                {entries.map(({ batch, course }, index) => (
                  <li key={index} data-centre={batch.centre} data-mode={batch.mode === 'both' ? 'classroom online' : batch.mode}>
                    <BatchCard batch={batch} course={course} />
                  </li>
                ))}
              </ul>
            </section>
          ))}
          <div data-none hidden>
            <AskForNextBatch />
          </div>
        </div>
      )}
    </SectionShell>
  );
}
