/** What a page is rendered from: by the prerenderer and the dev server. None of it reaches the browser as data. */
import type { IsoDate } from '../content/calendar';
import type { CourseIndex } from '../content/course-facts';
import type { Page } from '../content/page-schema';
import type { MenuItem, Site } from '../content/site-schema';
import type { ImageSizes } from '../page/image-sizes';

export interface RenderData {
  route: string;
  /** The date the page is made for (the build's `--today`): what is past or upcoming, the © year. */
  today: IsoDate;
  site: Site;
  /** The header menu: the site's menu with every course page in its group, assembled at load (`Content.menu`). */
  menu: MenuItem[];
  /** The site's course pages by route, with what a course card on another page shows of them (src/content/course-facts.ts). */
  courses?: CourseIndex | undefined;
  /** null: the route is not a page (the 404 page). */
  page: Page | null;
  /** Width and height of the images the site document and the page show (and no others), by site path. */
  images: ImageSizes;
  /** What the build made for shared links and home screens (scripts/builder/social.ts); none in the dev server. */
  shared?: SharedMedia | undefined;
}

/** The picture a shared link to the page shows: a 1200 × 630 PNG or JPEG under /_social/. */
export interface SocialCard {
  /** Site path, e.g. /_social/0123456789abcdef0123.png. */
  src: string;
  width: number;
  height: number;
  type: 'image/png' | 'image/jpeg';
  /** What the picture shows, for people who cannot see it. */
  alt: string;
}

export interface SharedMedia {
  card: SocialCard;
  /** The PNG icons and the web app manifest were made (ICON_FILES in src/content/routes.ts). */
  icons: boolean;
}
