/** The <head> of a page: computed once, written into the HTML by the prerenderer. */
import { singleSrc } from '../content/images';
import type { Page } from '../content/page-schema';
import { ICON_FILES } from '../content/routes';
import type { Site } from '../content/site-schema';
import type { ImageSizes } from '../page/image-sizes';
import type { SharedMedia } from './data';

export interface Head {
  title: string;
  description: string;
  keywords: string;
  /** None for the 404 page: it is no address of the site. */
  canonical?: string | undefined;
  ogTitle: string;
  ogDescription: string;
  ogImage: string;
  /** Of the card the build made (none in the dev server, which shows the logo). */
  ogImageSize?: { width: number; height: number; type: string; alt: string } | undefined;
  ogUrl: string;
  robots?: string;
  /** The PNG icons and the web app manifest exist (the build made them). */
  icons: boolean;
}

/**
 * `images`: the page's (RenderData.images), so that a processed logo is named by its processed file,
 * never the original. `shared`: the page's card and whether the icons were made (RenderData.shared).
 */
export function headOf(site: Site, route: string, page: Page | null, images: ImageSizes = {}, shared?: SharedMedia): Head {
  const url = new URL(route, site.url).href;
  const image = shared
    ? { ogImage: new URL(shared.card.src, site.url).href, ogImageSize: { width: shared.card.width, height: shared.card.height, type: shared.card.type, alt: shared.card.alt } }
    : { ogImage: new URL(singleSrc(site.logo.src, images[site.logo.src]?.variants), site.url).href };
  const icons = shared?.icons ?? false;
  if (!page) {
    // Not a page of the site: kept out of search results, and no address claims it.
    const title = `Page not found | ${site.shortName}`;
    const description = `The page you asked for is not on the ${site.name} website.`;
    return { title, description, keywords: '', ogTitle: title, ogDescription: description, ...image, ogUrl: url, robots: 'noindex', icons };
  }
  const { meta } = page;
  return {
    title: meta.title,
    description: meta.description,
    keywords: meta.keywords.join(', '),
    canonical: url,
    ogTitle: meta.social?.title ?? meta.title,
    ogDescription: meta.social?.description ?? meta.description,
    ...image,
    ogUrl: url,
    icons,
  };
}

const escapeAttribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Tags for the prerendered HTML. */
export function headHtml(head: Head, siteName: string): string {
  const meta = (attribute: 'name' | 'property', key: string, value: string) =>
    `<meta ${attribute}="${key}" content="${escapeAttribute(value)}" />`;
  const size = head.ogImageSize;
  return [
    `<title>${escapeAttribute(head.title)}</title>`,
    meta('name', 'description', head.description),
    head.keywords ? meta('name', 'keywords', head.keywords) : '',
    head.robots ? meta('name', 'robots', head.robots) : '',
    head.canonical ? `<link rel="canonical" href="${escapeAttribute(head.canonical)}" />` : '',
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', siteName),
    meta('property', 'og:title', head.ogTitle),
    meta('property', 'og:description', head.ogDescription),
    meta('property', 'og:url', head.ogUrl),
    meta('property', 'og:image', head.ogImage),
    ...(size
      ? [
          meta('property', 'og:image:type', size.type),
          meta('property', 'og:image:width', String(size.width)),
          meta('property', 'og:image:height', String(size.height)),
          meta('property', 'og:image:alt', size.alt),
        ]
      : []),
    // A large picture above the title where there is a raster card; link previews show no SVG logo.
    meta('name', 'twitter:card', size ? 'summary_large_image' : 'summary'),
    ...(head.icons
      ? [
          `<link rel="icon" href="/${ICON_FILES.icon32}" type="image/png" sizes="32x32" />`,
          `<link rel="apple-touch-icon" href="/${ICON_FILES.appleTouchIcon}" />`,
          `<link rel="manifest" href="/${ICON_FILES.manifest}" />`,
        ]
      : []),
  ]
    .filter(Boolean)
    .join('\n    ');
}
