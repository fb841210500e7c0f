/**
 * A course's batches: the one record (`meta.course.batches`) every place that shows a batch derives
 * from: the course page's batches section, the course cards' "Next batch", the /batches page and the
 * course's structured data. Zod and plain functions only (no React, no file system).
 *
 * A batch is upcoming from the day the site is made for (`today`) up to and including its start day:
 * on the day it starts a visitor can still join it, the day after it is past. Past batches stay in the
 * file (history) and are never shown. A full or cancelled upcoming batch is shown as such, never as
 * bookable.
 */
import * as z from 'zod';
import { daysBetween, isIsoDate, type IsoDate } from './calendar';
import { problem } from './error-codes';
import { CalendarDateSchema, fieldKinds, TextSchema } from './fields';

/** How a batch is taught, as the content names it, with what a visitor reads. */
export const BATCH_MODES = { classroom: 'Classroom', online: 'Online', both: 'Classroom or online' } as const;
export type BatchMode = keyof typeof BATCH_MODES;

/** Whether a batch can be joined, with what a visitor reads. */
export const BATCH_STATUSES = { open: 'Open', 'few seats': 'Few seats left', full: 'Full', cancelled: 'Cancelled' } as const;
export type BatchStatus = keyof typeof BATCH_STATUSES;

/** The centre of a batch taught online only: a batch's centre is one of the site's branches (by city) or this. */
export const ONLINE_CENTRE = 'online';

/** A fee in rupees: a whole number, written without commas or the ₹ sign (12500). */
export const FeeSchema = z
  .number()
  .int()
  .min(0)
  .describe('The fee in rupees, digits only: 12500 (the page shows ₹12,500).')
  .register(fieldKinds, { kind: 'rupees' });

export const BatchSchema = z
  .strictObject({
    start: CalendarDateSchema.describe('The day the batch starts, e.g. 2027-01-11. From the next day on, the site no longer shows it.'),
    end: CalendarDateSchema.describe('The last day of the batch, if known.').optional(),
    days: TextSchema.describe('The days it meets, in words: "Mon–Fri", "Saturdays and Sundays".'),
    time: TextSchema.describe('The hours of a class, e.g. "10:00–13:00".'),
    mode: z.enum(Object.keys(BATCH_MODES) as [BatchMode, ...BatchMode[]]).describe('How it is taught: classroom, online, or both (students choose).'),
    centre: TextSchema.describe('Where it is taught: the city of one of the branches (Pune, Aurangabad…), or online.')
      // Checked against the site's branches across the files (src/content/load.ts); a choice among them in the editor.
      .register(fieldKinds, { kind: 'branch' }),
    seats: z.number().int().min(0).describe('How many seats are still free, if you want the page to say so.').optional(),
    status: z
      .enum(Object.keys(BATCH_STATUSES) as [BatchStatus, ...BatchStatus[]])
      .describe('Whether it can still be joined: open, few seats, full or cancelled. A full or cancelled batch is shown as such, without an Enroll button.')
      .default('open'),
    fee: FeeSchema,
    feeNote: TextSchema.describe('A line under the fee, e.g. "in two instalments" or "GST included".').optional(),
  })
  .superRefine((batch, ctx) => {
    // A start or end that is no date is reported on its own: compared, it would say something untrue.
    if (batch.end !== undefined && isIsoDate(batch.start) && isIsoDate(batch.end) && batch.end < batch.start) {
      const found = problem('batch', { case: 'end-before-start', start: batch.start, end: batch.end });
      ctx.addIssue({ code: 'custom', path: ['end'], message: found.message, params: { problem: found }, input: batch });
    }
  })
  .describe('One batch of the course: when it starts, its days and hours, where, how it is taught and its fee.');

export type Batch = z.output<typeof BatchSchema>;

/** The batches a visitor is shown on `today`: those starting today or later, earliest first. */
export function upcomingBatches<B extends { start: IsoDate }>(batches: readonly B[], today: IsoDate): B[] {
  return batches.filter((batch) => batch.start >= today).sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0));
}

/** Whether a visitor can enrol in the batch (not full, not cancelled). */
export function isBookable(batch: Pick<Batch, 'status' | 'seats'>): boolean {
  return (batch.status === 'open' || batch.status === 'few seats') && batch.seats !== 0;
}

/** The next batch a visitor can enrol in, if any. */
export function nextBookableBatch<B extends Pick<Batch, 'start' | 'status' | 'seats'>>(batches: readonly B[], today: IsoDate): B | undefined {
  return upcomingBatches(batches, today).find(isBookable);
}

/** Rupees the Indian way, digits grouped in lakhs and crores: 12500 → "₹12,500", 125000 → "₹1,25,000". */
export function formatRupees(amount: number): string {
  const digits = String(Math.trunc(Math.abs(amount)));
  const last = digits.slice(-3);
  const rest = digits.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',');
  return `${amount < 0 ? '−' : ''}₹${rest === '' ? last : `${rest},${last}`}`;
}

/** What a visitor reads of a batch's seats: "Full", "Few seats left", "8 seats left", or nothing. */
export function seatsText(batch: Pick<Batch, 'status' | 'seats'>): string | undefined {
  if (batch.status === 'full' || batch.status === 'cancelled') return BATCH_STATUSES[batch.status];
  if (batch.seats === 0) return BATCH_STATUSES.full;
  if (batch.status === 'few seats') return batch.seats === undefined ? BATCH_STATUSES['few seats'] : `Few seats left (${batch.seats})`;
  if (batch.seats !== undefined) return batch.seats === 1 ? '1 seat left' : `${batch.seats} seats left`;
  return undefined;
}

/** A batch's centre as a visitor reads it: the city, or "Online". */
export function centreText(centre: string): string {
  return centre === ONLINE_CENTRE ? BATCH_MODES.online : centre;
}

/** How many days ahead a batch whose free seats are not stated is worth a look (its start is near). */
export const SEATS_CHECK_DAYS = 7;

/** Why a batch is worth an editor's look on `today`: past (shown no more), or starting soon with its seats unknown. */
export type BatchAttention = 'past' | 'soon-seats-unknown';

/**
 * The batches of a course an editor should look at on `today`, by their place in the list (their path
 * is `meta.course.batches[index]`): those already past (kept in the file, shown nowhere), and those
 * that can still be joined, start within {@link SEATS_CHECK_DAYS} days and say nothing of their seats.
 * The words and where they are shown belong to the checks (npm run check, the editor).
 */
export function batchesToLookAt(batches: readonly Pick<Batch, 'start' | 'status' | 'seats'>[], today: IsoDate): { index: number; why: BatchAttention }[] {
  return batches.flatMap((batch, index): { index: number; why: BatchAttention }[] => {
    if (batch.start < today) return [{ index, why: 'past' }];
    const soon = daysBetween(today, batch.start) <= SEATS_CHECK_DAYS;
    return soon && isBookable(batch) && batch.seats === undefined && batch.status !== 'few seats' ? [{ index, why: 'soon-seats-unknown' }] : [];
  });
}
