/**
 * Structured data (schema.org JSON-LD) for a page's <head>, built only from what the site document
 * and the page state: the academy and its branches on every page, the course on a course page,
 * the breadcrumb trail on a nested page. Pure (no React, no DOM): only the prerenderer loads it,
 * so it adds nothing to the JavaScript a visitor downloads.
 */
import { summariseCourse } from '../content/course-summary';
import { DurationSchema } from '../content/fields';
import { singleSrc } from '../content/images';
import type { Page } from '../content/page-schema';
import type { Branch, MenuItem, Site } from '../content/site-schema';
import type { ImageSizes } from './image-sizes';

interface Reference {
  '@id': string;
}

export interface EducationalOrganization {
  '@type': 'EducationalOrganization';
  '@id': string;
  name: string;
  alternateName: string;
  url: string;
  logo: string;
  sameAs?: string[];
}

export interface PostalAddress {
  '@type': 'PostalAddress';
  streetAddress: string;
  addressLocality: string;
}

export interface LocalBusiness {
  '@type': 'LocalBusiness';
  '@id': string;
  name: string;
  branchOf: Reference;
  address: PostalAddress;
  telephone?: string | string[];
  email?: string | string[];
}

/** How the academy teaches: "Every course is taught in the classroom and live online" (pages/index.yaml). */
export const COURSE_MODES = ['onsite', 'online'] as const;

export interface CourseInstance {
  '@type': 'CourseInstance';
  courseMode: (typeof COURSE_MODES)[number][];
  /** The duration as the page states it, e.g. "50 hours / 8 days". */
  description: string;
  /** ISO 8601, e.g. PT45H: only when the page gives the course's hours. */
  courseWorkload?: string;
}

export interface Course {
  '@type': 'Course';
  '@id': string;
  name: string;
  description: string;
  url: string;
  provider: Reference;
  hasCourseInstance?: CourseInstance[];
}

export interface ListItem {
  '@type': 'ListItem';
  position: number;
  name: string;
  item: string;
}

export interface BreadcrumbList {
  '@type': 'BreadcrumbList';
  itemListElement: ListItem[];
}

export type StructuredNode = EducationalOrganization | LocalBusiness | Course | BreadcrumbList;

export interface StructuredData {
  '@context': 'https://schema.org';
  '@graph': StructuredNode[];
}

/**
 * The graph for one route; `page` is null for the 404 page, which gets the academy only. `images`:
 * the page's (RenderData.images), so that a processed logo is named by its processed file.
 */
export function structuredData(site: Site, route: string, page: Page | null, images: ImageSizes = {}, menu: readonly MenuItem[] = site.menu): StructuredData {
  const organization = organizationOf(site, images);
  const graph: StructuredNode[] = [organization, ...branchesOf(site, organization)];
  if (page) {
    const course = courseOf(site, route, page, organization);
    if (course) graph.push(course);
    const breadcrumbs = breadcrumbsOf(site, menu, route, page);
    if (breadcrumbs) graph.push(breadcrumbs);
  }
  return { '@context': 'https://schema.org', '@graph': graph };
}

/**
 * The graph as a `<script type="application/ld+json">` tag. A data block: browsers never execute
 * it, so the Content-Security-Policy needs nothing for it. `<` is escaped so no text can close the tag.
 */
export function structuredDataHtml(site: Site, route: string, page: Page | null, images: ImageSizes = {}, menu: readonly MenuItem[] = site.menu): string {
  const json = JSON.stringify(structuredData(site, route, page, images, menu)).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
  return `<script type="application/ld+json">${json}</script>`;
}

function organizationOf(site: Site, images: ImageSizes): EducationalOrganization {
  const url = absolute(site, '/');
  const sameAs = site.social.map((link) => link.href).filter((href) => href.startsWith('https://'));
  return {
    '@type': 'EducationalOrganization',
    '@id': `${url}#organization`,
    name: site.name,
    alternateName: site.shortName,
    url,
    logo: absolute(site, singleSrc(site.logo.src, images[site.logo.src]?.variants)),
    ...(sameAs.length > 0 ? { sameAs } : {}),
  };
}

function branchesOf(site: Site, organization: EducationalOrganization): LocalBusiness[] {
  const ids = new Set<string>();
  return site.branches.map((branch) => {
    const id = uniqueId(`${absolute(site, '/')}#branch-${slug([branch.city, branch.name ?? ''].join(' '))}`, ids);
    const telephone = oneOrMany(branch.phones);
    const email = oneOrMany(branch.emails);
    return {
      '@type': 'LocalBusiness',
      '@id': id,
      name: `${site.name}, ${branchTitle(branch)}`,
      branchOf: { '@id': organization['@id'] },
      address: { '@type': 'PostalAddress', streetAddress: branch.address.join(', '), addressLocality: branch.city },
      ...(telephone ? { telephone } : {}),
      ...(email ? { email } : {}),
    };
  });
}

function courseOf(site: Site, route: string, page: Page, organization: EducationalOrganization): Course | null {
  const summary = summariseCourse(route, page);
  if (!summary) return null;
  const url = absolute(site, route);
  const instances = summary.durations.map((text): CourseInstance => {
    const workload = workloadOf(text);
    return { '@type': 'CourseInstance', courseMode: [...COURSE_MODES], description: text, ...(workload ? { courseWorkload: workload } : {}) };
  });
  return {
    '@type': 'Course',
    '@id': `${url}#course`,
    name: summary.name,
    description: page.meta.description,
    url,
    provider: { '@id': organization['@id'] },
    ...(instances.length > 0 ? { hasCourseInstance: instances } : {}),
  };
}

/**
 * The course's hours as an ISO 8601 duration ("50 hours / 8 days" → PT50H), read the way the
 * content schema reads durations. None for a rate ("5 hours per module": not the whole course)
 * or for text without a number of hours ("45 to 50 hours").
 */
export function workloadOf(text: string): string | undefined {
  if (/\bper\b/i.test(text)) return undefined;
  const { hours } = DurationSchema.parse(text);
  return hours === undefined ? undefined : `PT${hours}H`;
}

/**
 * Home → each ancestor → the page, for a route below another (e.g. /a/b). Ancestors are named
 * by their entries in the header menu (the assembled one, course pages included); one without an entry
 * is left out rather than given a made-up name.
 */
function breadcrumbsOf(site: Site, menu: readonly MenuItem[], route: string, page: Page): BreadcrumbList | null {
  const segments = route.split('/').filter(Boolean);
  if (segments.length < 2) return null;
  const labels = menuLabels(menu);
  const hero = page.sections.find((section) => section.type === 'hero');
  const trail: { name: string; route: string }[] = [{ name: labels.get('/') ?? 'Home', route: '/' }];
  for (let depth = 1; depth < segments.length; depth += 1) {
    const ancestor = `/${segments.slice(0, depth).join('/')}`;
    const name = labels.get(ancestor);
    if (name) trail.push({ name, route: ancestor });
  }
  trail.push({ name: labels.get(route) ?? hero?.title ?? page.meta.title, route });
  return {
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: absolute(site, crumb.route),
    })),
  };
}

/** Route → its label in the menu (the first entry that links to it). */
function menuLabels(items: readonly MenuItem[], labels = new Map<string, string>()): Map<string, string> {
  for (const item of items) {
    if (item.href?.startsWith('/') && !labels.has(item.href)) labels.set(item.href, item.label);
    menuLabels(item.items, labels);
  }
  return labels;
}

/** "Pune, Head office"; just "Aurangabad" when the name already says the city ("Aurangabad branch"). */
function branchTitle({ city, name }: Branch): string {
  return name && !name.toLowerCase().includes(city.toLowerCase()) ? `${city}, ${name}` : city;
}

function absolute(site: Site, path: string): string {
  return new URL(path, site.url).href;
}

function oneOrMany(values: string[]): string | string[] | undefined {
  return values.length === 0 ? undefined : values.length === 1 ? values[0] : values;
}

function slug(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
}

function uniqueId(id: string, taken: Set<string>): string {
  let candidate = id;
  for (let n = 2; taken.has(candidate); n += 1) candidate = `${id}-${n}`;
  taken.add(candidate);
  return candidate;
}
