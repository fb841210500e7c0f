/**
 * The hosted server's clock (editor/hosted/clock.ts) and instants in Indian time
 * (editor/protocol/india-time.ts): CESA_NOW starts the clock at an instant and it runs on; the date
 * in India turns at 18:30 UTC; a timer fires at an instant of this clock, not the computer's, and
 * not once cancelled; times are said the Indian way, and a date or time that does not exist is none.
 */
// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { clockFrom, clockStartingAt, systemClock } from '../../editor/hosted/clock';
import { instantInIndia, nextMidnightInIndia, whenInIndia } from '../../editor/protocol/india-time';

describe('the server’s clock', () => {
  it('starts at CESA_NOW and runs on from there; without it, it is the computer’s', async () => {
    const clock = clockFrom({ CESA_NOW: '2026-12-31T23:59:30+05:30' });
    const start = Date.parse('2026-12-31T18:29:30Z');
    expect(clock.now() - start).toBeGreaterThanOrEqual(0);
    expect(clock.now() - start).toBeLessThan(1000);
    expect(clock.todayInIndia()).toBe('2026-12-31');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(clock.now() - start).toBeGreaterThanOrEqual(50);
    expect(clockFrom({})).toBe(systemClock);
  });

  it('refuses a CESA_NOW that is not a time, saying what to give', () => {
    expect(() => clockFrom({ CESA_NOW: '31/12/2026 23:59' })).toThrow('CESA_NOW is not a time: 31/12/2026 23:59. Give an ISO time with its offset, such as 2026-12-31T23:59:30+05:30');
  });

  it('turns the date in India at 18:30 UTC', () => {
    expect(clockStartingAt(Date.parse('2027-03-09T18:29:59Z')).todayInIndia()).toBe('2027-03-09');
    expect(clockStartingAt(Date.parse('2027-03-09T18:30:00Z')).todayInIndia()).toBe('2027-03-10');
  });

  it('fires a timer when this clock reaches the instant (not the computer’s clock), and never once cancelled', async () => {
    // A clock a year ahead: an instant 100 ms ahead of it is a year ahead of the computer's.
    const clock = clockStartingAt(Date.now() + 365 * 24 * 60 * 60_000);
    const fired: string[] = [];
    clock.at(clock.now() + 100, () => fired.push('due'));
    const cancel = clock.at(clock.now() + 100, () => fired.push('cancelled'));
    cancel();
    clock.at(clock.now() - 1000, () => fired.push('past'));
    expect(fired).toEqual(['past']);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(fired).toEqual(['past', 'due']);
  });
});

describe('instants in Indian time', () => {
  it('says them the Indian way, day before month', () => {
    expect(whenInIndia(Date.parse('2027-01-01T03:30:00Z'))).toBe('Fri 1 Jan 2027, 09:00 IST');
    expect(whenInIndia(Date.parse('2026-12-31T18:30:00Z'))).toBe('Fri 1 Jan 2027, 00:00 IST');
    expect(whenInIndia(Date.parse('2026-12-31T18:29:00Z'))).toBe('Thu 31 Dec 2026, 23:59 IST');
  });

  it('finds the next midnight in India', () => {
    expect(new Date(nextMidnightInIndia(Date.parse('2026-12-31T18:29:30Z'))).toISOString()).toBe('2026-12-31T18:30:00.000Z');
    expect(new Date(nextMidnightInIndia(Date.parse('2026-12-31T18:30:00Z'))).toISOString()).toBe('2027-01-01T18:30:00.000Z');
  });

  it('reads a date and a time typed in Indian time, and no date or time that does not exist', () => {
    expect(new Date(instantInIndia('2027-01-01', '09:00')!).toISOString()).toBe('2027-01-01T03:30:00.000Z');
    expect(instantInIndia('2027-02-30', '09:00')).toBeNull();
    expect(instantInIndia('2027-01-01', '24:00')).toBeNull();
    expect(instantInIndia('1/1/2027', '09:00')).toBeNull();
    expect(instantInIndia('', '09:00')).toBeNull();
  });
});
