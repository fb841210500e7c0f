/**
 * Structured data (schema.org JSON-LD) for a page's <head>, built only from what the site document
 * and the page state: the academy and its branches on every page, the course on a course page,
 * the breadcrumb trail on a nested page. Pure (no React, no DOM): only the prerenderer loads it,
 * so it adds nothing to the JavaScript a visitor downloads.
 */
import { isBookable, ONLINE_CENTRE, upcomingBatches, type Batch, type BatchMode } from '../content/batches';
import { daysBetween, type IsoDate } from '../content/calendar';
import type { CourseIndex } from '../content/course-facts';
import { modesOf, workloadOf, type CourseMode } from '../content/course-modes';
import { singleSrc } from '../content/images';
import type { Page } from '../content/page-schema';
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

export { COURSE_MODES, modesOf, workloadOf, type CourseMode } from '../content/course-modes';

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

/** Google's words for a price: always "Paid" here (the academy's courses have fees). */
export interface Offer {
  '@type': 'Offer';
  category: 'Paid';
  /** In rupees, when the batch or the course states its fee. */
  price?: number;
  priceCurrency?: 'INR';
  availability?: 'https://schema.org/InStock' | 'https://schema.org/LimitedAvailability' | 'https://schema.org/SoldOut';
}

/** When and how often a batch meets (Google: `repeatCount` times each `repeatFrequency`). */
export interface Schedule {
  '@type': 'Schedule';
  repeatFrequency: 'Daily' | 'Weekly';
  repeatCount: number;
  startDate: string;
  endDate: string;
  /** https://schema.org/Monday…, when the batch's days name weekdays. */
  byDay?: string[];
  /** "10:00", from the batch's time. */
  startTime?: string;
  endTime?: string;
  /** One class, ISO 8601 (PT3H). */
  duration?: string;
}

export interface Place {
  '@type': 'Place';
  name: string;
  address: PostalAddress;
}

export interface VirtualLocation {
  '@type': 'VirtualLocation';
  url: string;
}

/** The course as taught in one mode (no batch upcoming), or one upcoming batch. */
export interface CourseInstance {
  '@type': 'CourseInstance';
  courseMode: CourseMode;
  /** ISO 8601, e.g. PT45H: only when the course's duration is a number of hours. */
  courseWorkload?: string;
  courseSchedule?: Schedule;
  /** A batch's first and last days. */
  startDate?: string;
  endDate?: string;
  location?: Place | VirtualLocation;
  offers?: Offer;
  eventStatus?: 'https://schema.org/EventCancelled';
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
  /** The next bookable batch's fee, else the next batch's, else the course's. */
  offers: Offer;
  hasCourseInstance?: CourseInstance[];
}

/** The courses the Upcoming batches page lists (Google's course list: one entry per course page). */
export interface ItemList {
  '@type': 'ItemList';
  itemListElement: { '@type': 'ListItem'; position: number; url: string; name: string }[];
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

export type StructuredNode = EducationalOrganization | LocalBusiness | Course | BreadcrumbList | ItemList;

export interface StructuredData {
  '@context': 'https://schema.org';
  '@graph': StructuredNode[];
}

/** What the graph depends on beside the site and the page: the date it is made for, and the other courses (for a page listing them). */
export interface StructuredContext {
  today: IsoDate;
  /** The page's processed images (RenderData.images), so that a processed logo is named by its processed file. */
  images?: ImageSizes | undefined;
  /** The assembled header menu (the breadcrumbs' names); the site's own menu when left out. */
  menu?: readonly MenuItem[] | undefined;
  /** The site's course pages (RenderData.courses): the Upcoming batches page lists them. */
  courses?: CourseIndex | undefined;
}

/** The graph for one route; `page` is null for the 404 page, which gets the academy only. */
export function structuredData(site: Site, route: string, page: Page | null, { today, images = {}, menu = site.menu, courses = {} }: StructuredContext): StructuredData {
  const organization = organizationOf(site, images);
  const graph: StructuredNode[] = [organization, ...branchesOf(site, organization)];
  if (page) {
    const course = courseOf(site, route, page, organization, today);
    if (course) graph.push(course);
    if (page.sections.some((section) => section.type === 'upcoming-batches')) graph.push(courseListOf(site, courses, today));
    const breadcrumbs = breadcrumbsOf(site, menu, route, page);
    if (breadcrumbs) graph.push(breadcrumbs);
  }
  return { '@context': 'https://schema.org', '@graph': graph };
}

/**
 * The graph as a `<script type="application/ld+json">` tag. A data block: browsers never execute
 * it, so the Content-Security-Policy needs nothing for it. `<` is escaped so no text can close the tag.
 */
export function structuredDataHtml(site: Site, route: string, page: Page | null, context: StructuredContext): string {
  const json = JSON.stringify(structuredData(site, route, page, context)).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
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
      address: addressOf(site, branch),
      ...(telephone ? { telephone } : {}),
      ...(email ? { email } : {}),
    };
  });
}

/**
 * A course page as a Course: its name, description and provider; its duration only when the page gives
 * the course's hours (`meta.course.duration`: "45", "50 hours / 8 days"; not "15, 25 or 45 hours");
 * an instance per upcoming batch (its mode, dates, place, schedule and fee) or, with none upcoming, an
 * instance per mode its facts state, with that workload; an offer priced from the next batch or the
 * course's fee. Nothing the page does not say.
 */
function courseOf(site: Site, route: string, page: Page, organization: EducationalOrganization, today: IsoDate): Course | null {
  const course = page.meta.course;
  if (!course) return null;
  const url = absolute(site, route);
  const workload = course.duration ? workloadOf(course.duration.text) : undefined;
  const upcoming = upcomingBatches(course.batches, today);
  const instances =
    upcoming.length > 0
      ? upcoming.map((batch) => batchInstanceOf(site, batch, workload))
      : modesOf(page).map((mode): CourseInstance => ({ '@type': 'CourseInstance', courseMode: mode, ...(workload ? { courseWorkload: workload } : {}) }));
  const priced = upcoming.find(isBookable) ?? upcoming[0];
  return {
    '@type': 'Course',
    '@id': `${url}#course`,
    name: course.name,
    description: page.meta.description,
    url,
    provider: { '@id': organization['@id'] },
    ...(workload ? { timeRequired: workload } : {}),
    offers: offerOf(priced?.fee ?? course.fee),
    ...(instances.length > 0 ? { hasCourseInstance: instances } : {}),
  };
}

const INSTANCE_MODES: Record<BatchMode, CourseMode> = { classroom: 'Onsite', online: 'Online', both: 'Blended' };

function offerOf(fee: number | undefined, batch?: Batch): Offer {
  const availability = batch === undefined ? undefined : !isBookable(batch) ? 'https://schema.org/SoldOut' : batch.status === 'few seats' ? 'https://schema.org/LimitedAvailability' : 'https://schema.org/InStock';
  return { '@type': 'Offer', category: 'Paid', ...(fee === undefined ? {} : { price: fee, priceCurrency: 'INR' }), ...(availability ? { availability } : {}) };
}

/** One upcoming batch: its mode, dates, where, its schedule (or the course's hours) and its fee. */
function batchInstanceOf(site: Site, batch: Batch, workload: string | undefined): CourseInstance {
  const schedule = scheduleOf(batch);
  const branch = site.branches.find((candidate) => candidate.city === batch.centre);
  const location: Place | VirtualLocation | undefined = branch
    ? { '@type': 'Place', name: `${site.name}, ${branchTitle(branch)}`, address: addressOf(site, branch) }
    : batch.centre === ONLINE_CENTRE
      ? { '@type': 'VirtualLocation', url: absolute(site, '/') }
      : undefined;
  return {
    '@type': 'CourseInstance',
    courseMode: INSTANCE_MODES[batch.mode],
    ...(schedule ? { courseSchedule: schedule } : workload ? { courseWorkload: workload } : {}),
    startDate: batch.start,
    ...(batch.end ? { endDate: batch.end } : {}),
    ...(location ? { location } : {}),
    offers: offerOf(batch.fee, batch),
    ...(batch.status === 'cancelled' ? { eventStatus: 'https://schema.org/EventCancelled' as const } : {}),
  };
}

/**
 * A batch's schedule, when its dates are known (start and end): weekly on the weekdays its days name
 * ("Mon–Fri", "Saturdays and Sundays"), daily when they name none ("Daily", "Every day"), each class
 * from the start to the end of its time ("10:00–13:00").
 */
export function scheduleOf(batch: Pick<Batch, 'start' | 'end' | 'days' | 'time'>): Schedule | undefined {
  if (!batch.end) return undefined;
  const days = daysCount(batch.start, batch.end);
  const weekdays = weekdaysOf(batch.days);
  const hours = hoursOf(batch.time);
  const frequency = weekdays.length > 0 && weekdays.length < 7 ? 'Weekly' : 'Daily';
  return {
    '@type': 'Schedule',
    repeatFrequency: frequency,
    repeatCount: frequency === 'Weekly' ? Math.ceil(days / 7) : days,
    startDate: batch.start,
    endDate: batch.end,
    ...(frequency === 'Weekly' ? { byDay: weekdays.map((day) => `https://schema.org/${DAY_NAMES[day]}`) } : {}),
    ...(hours ? { startTime: hours.start, endTime: hours.end, duration: hours.duration } : {}),
  };
}

const daysCount = (start: IsoDate, end: IsoDate) => daysBetween(start, end) + 1;

const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
const DAY_WORDS = /\b(sun|mon|tue|wed|thu|fri|sat)[a-z]*\b/gi;

/** The weekdays (0 = Sunday) words name: "Mon–Fri" → 1…5, "Saturdays and Sundays" → 0, 6; "Daily" → none. */
export function weekdaysOf(words: string): number[] {
  const found = [...words.matchAll(DAY_WORDS)].map((match) => DAY_NAMES.findIndex((name) => name.toLowerCase().startsWith(match[1]!.toLowerCase())));
  const ranged = /\b(sun|mon|tue|wed|thu|fri|sat)[a-z]*\s*(?:–|-|—|to)\s*(sun|mon|tue|wed|thu|fri|sat)/i.exec(words);
  const days = new Set(found);
  if (ranged && found.length === 2) {
    for (let day = found[0]!; day !== found[1]; day = (day + 1) % 7) days.add(day);
  }
  return [...days].sort((a, b) => a - b);
}

/** "10:00–13:00" → 10:00, 13:00, PT3H; "9:30 to 11" → 09:30, 11:00, PT1H30M. */
export function hoursOf(time: string): { start: string; end: string; duration: string } | undefined {
  const match = /(\d{1,2})(?:[:.](\d{2}))?\s*(?:–|-|—|to)\s*(\d{1,2})(?:[:.](\d{2}))?/.exec(time);
  if (!match) return undefined;
  const [from, to] = [Number(match[1]) * 60 + Number(match[2] ?? 0), Number(match[3]) * 60 + Number(match[4] ?? 0)];
  if (to <= from || to > 24 * 60) return undefined;
  const clock = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  const length = to - from;
  return { start: clock(from), end: clock(to), duration: `PT${Math.floor(length / 60) > 0 ? `${Math.floor(length / 60)}H` : ''}${length % 60 > 0 ? `${length % 60}M` : ''}` };
}

/** Every course with a batch upcoming, by its next batch's date (then its name). */
function courseListOf(site: Site, courses: CourseIndex, today: IsoDate): ItemList {
  const listed = Object.entries(courses)
    .map(([route, course]) => ({ route, name: course.name, next: upcomingBatches(course.batches, today)[0]?.start }))
    .filter((course): course is { route: string; name: string; next: string } => course.next !== undefined)
    .sort((a, b) => a.next.localeCompare(b.next) || a.name.localeCompare(b.name));
  return { '@type': 'ItemList', itemListElement: listed.map((course, index) => ({ '@type': 'ListItem', position: index + 1, url: absolute(site, course.route), name: course.name })) };
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

function addressOf(site: Site, branch: Branch): PostalAddress {
  return { '@type': 'PostalAddress', streetAddress: branch.address.join(', '), addressLocality: branch.city, addressCountry: site.country };
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
