/** What a page's HTML carries for the browser to hydrate, and how other pages' data is fetched. */
import type { Page } from '../content/page-schema';
import { dataFileOf } from '../content/routes';
import type { MenuItem, Site } from '../content/site-schema';
import type { ImageSizes } from './image-sizes';

export interface InitialData {
  route: string;
  site: Site;
  /**
   * The header menu: the site's menu with every course page in its group, assembled at load
   * (`Content.menu`). The same on every page, so only here: client-side navigation keeps it, and a
   * page's data file (PageData) never carries it.
   */
  menu: MenuItem[];
  /** null: the route is not a page (the 404 page). */
  page: Page | null;
  /** Alias → canonical route, e.g. /Faculty → /faculty. */
  redirects: Record<string, string>;
  /** Width and height of the images the site document and the page show (and no others), by site path. */
  images: ImageSizes;
}

/** A page's data file for client-side navigation (`_data/<route>.json`). */
export interface PageData {
  page: Page;
  /** Width and height of the images the page shows, by site path (the site's are in InitialData). */
  images: ImageSizes;
}

export const DATA_ELEMENT_ID = 'cesa-data';

/** JSON that is safe inside <script type="application/json">. */
export function serialiseData(data: InitialData): string {
  const json = JSON.stringify(data).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
  return `<script id="${DATA_ELEMENT_ID}" type="application/json">${json}</script>`;
}

export function readInitialData(): InitialData {
  const element = document.getElementById(DATA_ELEMENT_ID);
  if (!element?.textContent) throw new Error(`#${DATA_ELEMENT_ID} is missing: the page was not prerendered`);
  return JSON.parse(element.textContent) as InitialData;
}

const cache = new Map<string, Promise<PageData | null>>();

/** Fetches one page's data (not every page's); null when there is no such page. */
export function fetchPage(route: string): Promise<PageData | null> {
  let request = cache.get(route);
  if (!request) {
    request = fetch(`/${dataFileOf(route)}`).then((response) => {
      if (response.status === 404) return null;
      if (!response.ok) throw new Error(`Loading ${route} failed: HTTP ${response.status}`);
      return response.json() as Promise<PageData>;
    });
    request.catch(() => cache.delete(route));
    cache.set(route, request);
  }
  return request;
}
