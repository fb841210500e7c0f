/**
 * Time on the publishers' screen (PublishPanel.tsx): a reviewed draft scheduled for a date and a
 * time in India beside "Publish", the schedules with who set them and what became of them (published,
 * late, refused with why, cancelled), and what the last update for a new date did ("Updated at 00:00:
 * 2 pages changed with the date"). Dates are said the Indian way, "Fri 1 Jan 2027, 09:00 IST", never
 * in the US order; the date and time a publisher types are Indian time, whatever the computer's.
 */
import { useId, useState } from 'react';
import { dateInIndia, instantInIndia, isoInIndia, timeInIndia } from '../protocol/india-time';
import { formatDay } from '../../src/content/calendar';
import type { DateUpdate, ReadyDraft, ScheduledPublish } from '../protocol/publish';

/** "Scheduled for Fri 1 Jan 2027, 09:00 IST by Meera Publisher", with Cancel. */
export function ScheduledFor({ schedule, disabled, onCancel }: { schedule: ScheduledPublish; disabled: boolean; onCancel: (schedule: ScheduledPublish) => void }) {
  return (
    <p className="ed-notice">
      <strong>Scheduled for {isoInIndia(schedule.at)}</strong>, by {schedule.by}. It goes live then exactly as reviewed here, or not at all if
      the draft or the live site changes what it would publish.{' '}
      <button type="button" className="ed-button ed-button--small" disabled={disabled} onClick={() => onCancel(schedule)}>
        Cancel the schedule
      </button>
    </p>
  );
}

/** A date and a time in India beside "Publish", and "Schedule": the draft as reviewed, published then. */
export function ScheduleForm({ draft, now, disabled, onSchedule }: { draft: ReadyDraft; now: string; disabled: boolean; onSchedule: (draft: ReadyDraft, at: string) => void }) {
  const id = useId();
  const today = dateInIndia(Date.parse(now));
  const [date, setDate] = useState('');
  const [time, setTime] = useState('09:00');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = () => {
    const instant = instantInIndia(date, time);
    if (instant === null) return setProblem('Choose a date and a time.');
    if (instant <= Date.parse(now)) return setProblem(`That time has passed: it is ${isoInIndia(now)} now.`);
    setProblem(null);
    onSchedule(draft, new Date(instant).toISOString());
  };
  return (
    <fieldset className="ed-fieldset ed-schedule">
      <legend>Or publish it later (Indian time, IST)</legend>
      <div className="ed-schedule__fields">
        <div className="ed-field">
          <label htmlFor={`${id}-date`}>Date</label>
          <input id={`${id}-date`} className="ed-input" type="date" min={today} value={date} aria-invalid={problem ? true : undefined} aria-describedby={problem ? `${id}-problem` : undefined} onChange={(event) => setDate(event.target.value)} />
        </div>
        <div className="ed-field">
          <label htmlFor={`${id}-time`}>Time</label>
          <input id={`${id}-time`} className="ed-input" type="time" value={time} onChange={(event) => setTime(event.target.value)} />
        </div>
        <button type="button" className="ed-button" disabled={disabled} onClick={submit}>
          Schedule
        </button>
      </div>
      <p className="ed-help" id={`${id}-problem`} role={problem ? 'alert' : undefined}>
        {problem ?? (instantInIndia(date, time) === null ? `It is ${isoInIndia(now)} now.` : `Publish on ${isoInIndia(new Date(instantInIndia(date, time)!).toISOString())}.`)}
      </p>
    </fieldset>
  );
}

/** What became of a schedule, in a sentence. */
function outcome(schedule: ScheduledPublish): string {
  const done = schedule.doneAt ? isoInIndia(schedule.doneAt) : '';
  if (schedule.status === 'cancelled') return `Cancelled by ${schedule.cancelledBy ?? 'a publisher'} on ${done}.`;
  const late = schedule.late ? " It ran late: the editor's server was stopped at its time, and published it when it started again." : '';
  if (schedule.status === 'published') return `Published on ${done} as ${schedule.tag ?? 'a new version'}.${late}`;
  return `Not published (${done}): ${schedule.reason?.error ?? ''} ${schedule.reason?.hint ?? ''}`.trim() + (schedule.late ? ' It ran late: the server was stopped at its time.' : '');
}

/** The schedules: those waiting (soonest first) with Cancel, then what became of the last ones. */
export function SchedulesList({ schedules, disabled, onCancel }: { schedules: ScheduledPublish[]; disabled: boolean; onCancel: (schedule: ScheduledPublish) => void }) {
  if (schedules.length === 0) return null;
  return (
    <section aria-labelledby="schedules-title">
      <h2 id="schedules-title">Scheduled publishes</h2>
      <ul className="ed-publish-list">
        {schedules.map((schedule) => (
          <li key={schedule.id}>
            <strong>{schedule.name}&apos;s draft</strong>, {schedule.status === 'waiting' ? 'to be published on' : 'for'} {isoInIndia(schedule.at)}, set by {schedule.by} on {isoInIndia(schedule.setAt)}.{' '}
            {schedule.status === 'waiting' ? (
              <button type="button" className="ed-button ed-button--small" disabled={disabled} onClick={() => onCancel(schedule)}>
                Cancel
              </button>
            ) : (
              <span className={schedule.status === 'refused' ? 'ed-schedule__refused' : undefined}>{outcome(schedule)}</span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** "Updated at 00:00: 2 pages changed with the date" / "Checked at 00:00: nothing changed with the date". */
export function dateUpdateWords(update: DateUpdate): string {
  const at = timeInIndia(Date.parse(update.at));
  if (update.reason) return `The live site could not be updated for ${formatDay(update.today)} (at ${at}): ${update.reason.error} ${update.reason.hint ?? ''}`.trim();
  if (!update.deployed || update.pages.length === 0) return `Checked at ${at}: nothing changed with the date (${formatDay(update.today)}).`;
  const pages = update.pages.length === 1 ? 'one page' : `${update.pages.length} pages`;
  return `Updated at ${at}: ${pages} changed with the date (${formatDay(update.today)}): ${update.pages.join(', ')}.`;
}

/** The last update of the live site for a new date, if any. */
export function DateUpdateNote({ update }: { update: DateUpdate | null }) {
  return update ? <p className="ed-help ed-date-update">{dateUpdateWords(update)}</p> : null;
}
