/** The <head> of a page: computed once, written into the HTML by the prerenderer. */
import { singleSrc } from '../content/images';
import type { Page } from '../content/page-schema';
import type { Site } from '../content/site-schema';
import type { ImageSizes } from './image-sizes';

export interface Head {
  title: string;
  description: string;
  keywords: string;
  canonical: string;
  ogTitle: string;
  ogDescription: string;
  ogImage: string;
  ogUrl: string;
  robots?: string;
}

/** `images`: the page's (RenderData.images), so that a processed logo is named by its processed file, never the original. */
export function headOf(site: Site, route: string, page: Page | null, images: ImageSizes = {}): Head {
  const canonical = new URL(route, site.url).href;
  const ogImage = new URL(singleSrc(site.logo.src, images[site.logo.src]?.variants), site.url).href;
  if (!page) {
    const title = `Page not found | ${site.shortName}`;
    const description = `The page you asked for is not on the ${site.name} website.`;
    return { title, description, keywords: '', canonical, ogTitle: title, ogDescription: description, ogImage, ogUrl: canonical, robots: 'noindex' };
  }
  const { meta } = page;
  return {
    title: meta.title,
    description: meta.description,
    keywords: meta.keywords.join(', '),
    canonical,
    ogTitle: meta.social?.title ?? meta.title,
    ogDescription: meta.social?.description ?? meta.description,
    ogImage,
    ogUrl: canonical,
  };
}

const escapeAttribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Tags for the prerendered HTML. */
export function headHtml(head: Head, siteName: string): string {
  const meta = (attribute: 'name' | 'property', key: string, value: string) =>
    `<meta ${attribute}="${key}" content="${escapeAttribute(value)}" />`;
  return [
    `<title>${escapeAttribute(head.title)}</title>`,
    meta('name', 'description', head.description),
    head.keywords ? meta('name', 'keywords', head.keywords) : '',
    head.robots ? meta('name', 'robots', head.robots) : '',
    `<link rel="canonical" href="${escapeAttribute(head.canonical)}" />`,
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', siteName),
    meta('property', 'og:title', head.ogTitle),
    meta('property', 'og:description', head.ogDescription),
    meta('property', 'og:url', head.ogUrl),
    meta('property', 'og:image', head.ogImage),
    meta('name', 'twitter:card', 'summary'),
  ]
    .filter(Boolean)
    .join('\n    ');
}
