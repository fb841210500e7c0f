/**
 * Structured data (schema.org JSON-LD) for a page's <head>, built only from what the site document
 * and the page state: the academy and its branches on every page, the course on a course page,
 * the breadcrumb trail on a nested page. Pure (no React, no DOM): only the prerenderer loads it,
 * so it adds nothing to the JavaScript a visitor downloads.
 */
import { findFields } from '../content/field-kinds';
import { DurationSchema } from '../content/fields';
import { singleSrc } from '../content/images';
import { PageSchema, type Page } from '../content/page-schema';
import type { Branch, MenuItem, Site } from '../content/site-schema';
import type { ImageSizes } from '../page/image-sizes';

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
  /** Two-letter country code (ISO 3166-1), the site document's `country`. */
  addressCountry: string;
}

export interface LocalBusiness {
  '@type': 'LocalBusiness';
  '@id': string;
  name: string;
  /** The academy (schema.org's `branchOf` is superseded by this). */
  parentOrganization: Reference;
  address: PostalAddress;
  telephone?: string | string[];
  email?: string | string[];
}

/**
 * How a course is taught, in the words of Google's course rich results: what a page's facts labelled
 * as its mode say ("Mode: Classroom and instructor-led online" → Onsite and Online).
 */
export const COURSE_MODES = {
  Onsite: /\b(classroom|offline|on-?site|in[- ]person|face[- ]to[- ]face)\b/i,
  Online: /\bonline\b/i,
  Blended: /\b(blended|hybrid)\b/i,
} as const;

export type CourseMode = keyof typeof COURSE_MODES;

/** The course as taught in one mode (Google: one instance per mode). */
export interface CourseInstance {
  '@type': 'CourseInstance';
  courseMode: CourseMode;
  /** ISO 8601, e.g. PT45H: only when the course's duration is a number of hours. */
  courseWorkload?: string;
}

export interface Course {
  '@type': 'Course';
  '@id': string;
  name: string;
  description: string;
  url: string;
  provider: Reference;
  /** ISO 8601, e.g. PT45H: only when the course's duration (meta.course.duration) is a number of hours. */
  timeRequired?: string;
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
      parentOrganization: { '@id': organization['@id'] },
      address: { '@type': 'PostalAddress', streetAddress: branch.address.join(', '), addressLocality: branch.city, addressCountry: site.country },
      ...(telephone ? { telephone } : {}),
      ...(email ? { email } : {}),
    };
  });
}

/**
 * A course page as a Course: its name, description and provider; its duration only when the page gives
 * the course's hours (`meta.course.duration`: "45", "50 hours / 8 days"; not "15, 25 or 45 hours");
 * an instance per mode its facts state, with that workload. Nothing the page does not say.
 */
function courseOf(site: Site, route: string, page: Page, organization: EducationalOrganization): Course | null {
  const course = page.meta.course;
  if (!course) return null;
  const url = absolute(site, route);
  const workload = course.duration ? workloadOf(course.duration.text) : undefined;
  const instances = modesOf(page).map((mode): CourseInstance => ({ '@type': 'CourseInstance', courseMode: mode, ...(workload ? { courseWorkload: workload } : {}) }));
  return {
    '@type': 'Course',
    '@id': `${url}#course`,
    name: course.name,
    description: page.meta.description,
    url,
    provider: { '@id': organization['@id'] },
    ...(workload ? { timeRequired: workload } : {}),
    ...(instances.length > 0 ? { hasCourseInstance: instances } : {}),
  };
}

/**
 * The modes the course states (`meta.course.mode`, its one place) and the page's facts labelled as a
 * mode ("Mode", "Mode of training"), in the order of COURSE_MODES.
 */
export function modesOf(page: Page): CourseMode[] {
  const stated = [
    ...(page.meta.course?.mode ? [page.meta.course.mode] : []),
    ...findFields(PageSchema, page, ['fact'])
      .filter((field) => /\bmode\b/i.test(field.value.label))
      .map((field) => field.value.value),
  ];
  return (Object.keys(COURSE_MODES) as CourseMode[]).filter((mode) => stated.some((text) => COURSE_MODES[mode].test(text)));
}

/**
 * A course's hours as an ISO 8601 duration ("50 hours / 8 days" → PT50H), read the way the
 * content schema reads durations. None for a rate ("5 hours per module": not the whole course)
 * or for text that gives no one number of hours ("45 to 50 hours", "15, 25 or 45 hours").
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
