/** The brochure of whole pages, as the build makes it from their summaries (src/content/facts.ts). */
import { brochureOf, type BrochureOptions } from '../../scripts/builder/brochure';
import { summariseCourse } from '../../src/content/course-summary';
import type { Page } from '../../src/content/page-schema';
import type { Site } from '../../src/content/site-schema';

export function buildBrochure(site: Site, pages: readonly { route: string; page: Page }[], options: BrochureOptions = {}): Promise<Uint8Array> {
  return brochureOf(site, pages.flatMap(({ route, page }) => summariseCourse(route, page) ?? []), options);
}
