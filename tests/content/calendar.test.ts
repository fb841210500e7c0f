import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, formatDay, formatLongDay, formatMonth, formatShortDay, indiaDateOf, indiaMidnightOf, isIsoDate } from '../../src/content/calendar';
import { todayOf } from '../../scripts/builder/today';

describe('the date in India', () => {
  it('turns at midnight in India, 18:30 UTC the day before', () => {
    expect(indiaDateOf(new Date('2026-12-31T18:29:59Z'))).toBe('2026-12-31');
    expect(indiaDateOf(new Date('2026-12-31T18:30:00Z'))).toBe('2027-01-01');
    expect(indiaMidnightOf('2027-01-01').toISOString()).toBe('2026-12-31T18:30:00.000Z');
  });

  it('is what a command makes the site for unless --today says another day', () => {
    expect(todayOf(undefined, new Date('2027-02-28T20:00:00Z'))).toEqual({ ok: true, today: '2027-03-01' });
    expect(todayOf('2027-01-11', new Date('2030-01-01T00:00:00Z'))).toEqual({ ok: true, today: '2027-01-11' });
    expect(todayOf('2027-02-30', new Date())).toEqual({ ok: false, value: '2027-02-30' });
    expect(todayOf('11/01/2027', new Date())).toEqual({ ok: false, value: '11/01/2027' });
  });
});

describe('calendar dates', () => {
  it('are real days written year-month-day', () => {
    expect(['2027-01-11', '2028-02-29'].filter(isIsoDate)).toEqual(['2027-01-11', '2028-02-29']);
    expect(['2027-02-29', '2027-13-01', '2027-1-11', '11-01-2027', '2027-01-11T00:00'].filter(isIsoDate)).toEqual([]);
  });

  it('count and move by whole days across months and years', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2027-03-01', -1)).toBe('2027-02-28');
    expect(daysBetween('2027-01-04', '2027-01-11')).toBe(7);
    expect(daysBetween('2027-01-11', '2027-01-04')).toBe(-7);
  });

  it('read the Indian way, day before month', () => {
    expect(formatDay('2027-01-11')).toBe('Mon 11 Jan 2027');
    expect(formatLongDay('2027-01-11')).toBe('11 January 2027');
    expect(formatShortDay('2027-01-11', '2026-12-08')).toBe('11 Jan 2027');
    expect(formatShortDay('2027-01-11', '2027-01-02')).toBe('11 Jan');
    expect(formatMonth('2027-02')).toBe('February 2027');
  });
});
