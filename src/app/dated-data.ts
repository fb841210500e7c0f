/** The data a page is rendered from, with the figures of its date computed (src/content/dated-words.ts). */
import { withDatedWords } from '../content/dated-words';
import type { IsoDate } from '../content/calendar';
import type { Site } from '../content/site-schema';
import type { RenderData } from './data';

/** The site document as shown on a date: the same for every page of a build, so made once per date. */
const sites = new WeakMap<Site, { today: IsoDate; site: Site }>();

export function datedSite(site: Site, today: IsoDate): Site {
  const known = sites.get(site);
  if (known?.today === today) return known.site;
  const dated = withDatedWords(site, { today, founded: site.founded });
  sites.set(site, { today, site: dated });
  return dated;
}

export function datedRenderData(data: RenderData): RenderData {
  const site = datedSite(data.site, data.today);
  const page = data.page && withDatedWords(data.page, { today: data.today, founded: data.site.founded });
  return site === data.site && page === data.page ? data : { ...data, site, page };
}
