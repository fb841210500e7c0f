import { createContext, useContext } from 'react';
import type { IsoDate } from '../content/calendar';

const TodayContext = createContext<IsoDate | null>(null);

export const TodayProvider = TodayContext.Provider;

/**
 * The date the page is made for (the build's `--today`, the date in India by default): what is past and
 * what is upcoming, the © year, years since the academy's founding. Never the system clock.
 */
export function useToday(): IsoDate {
  const today = useContext(TodayContext);
  if (!today) throw new Error('useToday() needs a <TodayProvider> above it');
  return today;
}
