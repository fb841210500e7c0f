/** What a page is rendered from: by the prerenderer and the dev server. None of it reaches the browser as data. */
import type { Page } from '../content/page-schema';
import type { MenuItem, Site } from '../content/site-schema';
import type { ImageSizes } from './image-sizes';

export interface RenderData {
  route: string;
  site: Site;
  /** The header menu: the site's menu with every course page in its group, assembled at load (`Content.menu`). */
  menu: MenuItem[];
  /** null: the route is not a page (the 404 page). */
  page: Page | null;
  /** Width and height of the images the site document and the page show (and no others), by site path. */
  images: ImageSizes;
}
