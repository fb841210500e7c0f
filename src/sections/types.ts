import type { SectionOf, SectionType } from '../content/page-schema';

/** What every section component receives: its validated, normalised section and its position. */
export interface SectionProps<T extends SectionType> {
  section: SectionOf<T>;
  /** 0 for the first section of the page (whose hero heading is the page's h1). */
  index: number;
}
