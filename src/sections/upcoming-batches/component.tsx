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

/**
 * Every upcoming batch of every course page, earliest first, under a heading per month. All of it is
 * in the HTML; the behaviour shows the centre and mode choices and hides the batches they leave out
 * (each card's li says its centre and modes in data- attributes).
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
          <div className="upcoming-batches__filters" data-filters hidden>
            <label>
              <span>Centre</span>
              <select data-filter="centre" defaultValue="">
                <option value="">All centres</option>
                {centres.map((centre) => (
                  <option key={centre} value={centre}>
                    {centreText(centre)}
                  </option>
                ))}
              </select>
            </label>
            <label>
              <span>Mode</span>
              <select data-filter="mode" defaultValue="">
                <option value="">All modes</option>
                <option value="classroom">Classroom</option>
                <option value="online">Online</option>
              </select>
            </label>
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
