import { createContext, useContext } from 'react';
import type { Site } from '../content/site-schema';

const SiteContext = createContext<Site | null>(null);

export const SiteProvider = SiteContext.Provider;

/** The validated site document (`pages/_site.yaml`). */
export function useSite(): Site {
  const site = useContext(SiteContext);
  if (!site) throw new Error('useSite() needs a <SiteProvider> above it');
  return site;
}
