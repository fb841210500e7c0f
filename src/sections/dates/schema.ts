import * as z from 'zod';
import { problem } from '../../content/error-codes';
import { CalendarDateSchema, CalendarMonthSchema, CalendarPeriodSchema, ParagraphsSchema, RecordDateSchema, SectionBase, TextSchema } from '../../content/fields';

const SourceSchema = z.url({ protocol: /^https?$/, message: 'must be the web address of the official page, starting with https://' });

export const DatedEventSchema = z
  .strictObject({
    event: TextSchema.describe('What happens, e.g. "Registration opens".'),
    date: z.union([CalendarDateSchema, CalendarPeriodSchema]).describe('The day (2027-01-11), or the first and last day of a period.').optional(),
    expected: CalendarMonthSchema.describe('The month it is expected in, while the day is not announced: 2027-02.').optional(),
    when: TextSchema.describe('The date in words as announced, e.g. "Last week of August 2025": shown instead of the day, which still decides what is past.').optional(),
    note: TextSchema.describe('A word about this date, e.g. why it comes before the one it extends.').optional(),
    source: SourceSchema.describe('Where this date is announced, if not on the official page of the whole list.').optional(),
    checked: RecordDateSchema.describe('The day someone last checked this date against its source.').optional(),
  })
  .superRefine((event, ctx) => {
    if (event.date === undefined && event.expected === undefined) ctx.addIssue({ code: 'custom', message: 'has no date', params: { problem: problem('dated-fact', { case: 'no-date' }) } });
    if (event.date !== undefined && event.expected !== undefined) ctx.addIssue({ code: 'custom', path: ['expected'], message: 'has two dates', params: { problem: problem('dated-fact', { case: 'two-dates' }) } });
  })
  .describe('One event: what happens and when (a day, a period, or an expected month).');

export const DateCycleSchema = z
  .strictObject({
    name: TextSchema.describe('The name of the cycle, e.g. "GATE 2027".'),
    source: SourceSchema.describe('The official page the dates come from.').optional(),
    checked: RecordDateSchema.describe('The day someone last checked these dates against the official page.').optional(),
    validUntil: RecordDateSchema.describe('The day by which these dates must be checked again: the site warns as it nears.'),
    events: z.array(DatedEventSchema).min(1, 'needs at least one date').describe('The dates of the cycle, in the order they happen.'),
  })
  .describe('One cycle of dates (a year of an exam), with where they come from and when they were checked.');

export const DatesSchema = z
  .strictObject({
    type: z.literal('dates'),
    ...SectionBase,
    title: TextSchema.describe('Heading of the section.').optional(),
    intro: ParagraphsSchema.describe('A few words above the dates.').optional(),
    cycles: z.array(DateCycleSchema).min(1, 'needs at least one cycle').describe('The cycles, the earliest first: a cycle whose dates are all past is shown as held, the next one first.'),
    note: ParagraphsSchema.describe('A note under the dates, e.g. "All dates are liable to change."').optional(),
  })
  .describe('Important dates: a list of dated events, by cycle. Each is shown as past or upcoming for the day the site is made.');

export type Dates = z.output<typeof DatesSchema>;
export type DateCycle = z.output<typeof DateCycleSchema>;
export type DatedEvent = z.output<typeof DatedEventSchema>;

export default DatesSchema;
