// @vitest-environment node
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  structuredData,
  structuredDataHtml,
  modesOf,
  workloadOf,
  type BreadcrumbList,
  type Course,
  type EducationalOrganization,
  type LocalBusiness,
  type StructuredData,
  type ItemList,
  hoursOf,
  weekdaysOf,
} from '../../src/app/structured-data';
import { courseIndexOf } from '../../src/content/course-facts';
import { courseSearchGaps } from '../../src/content/course-modes';
import { loadContent } from '../../src/content/load';
import { PageSchema, type Page } from '../../src/content/page-schema';
import { SiteSchema } from '../../src/content/site-schema';
import { TEST_TODAY } from '../helpers/render';

const site = SiteSchema.parse({
  name: 'Civil Engineering Software Academy',
  shortName: 'CESA',
  url: 'https://www.cesa.example.com',
  logo: { src: '/images/logo.svg', alt: 'CESA' },
  menu: [
    { label: 'Home', href: '/' },
    { label: 'Our Courses', items: [{ label: 'Structure', items: [{ label: 'ETABS', href: '/etabs' }] }] },
    {
      label: 'Placement',
      items: [
        { label: 'Hitest Lahoti & Associates', href: '/hitest' },
        { label: 'Hitest Placement', href: '/hitest/placement' },
      ],
    },
  ],
  form: { url: 'https://forms.example.com/cesa-enquiry' },
  brochure: { file: '/downloads/cesa-brochure.pdf', fileName: 'CESA-Brochure.pdf' },
  contact: { phone: '+91 00000 00000', chat: 'https://wa.me/910000000000' },
  branches: [
    {
      city: 'Pune',
      name: 'Head office',
      address: ['1 Example Road', 'Example Nagar, Pune'],
      phones: ['+91 00000 00001', '+91 00000 00009'],
      emails: ['pune@cesa.example.com'],
    },
    { city: 'Nagpur', address: ['2 Example Road'] },
  ],
  social: [
    { label: 'Facebook', href: 'https://facebook.example.com/cesa' },
    { label: 'LinkedIn', href: 'https://linkedin.example.com/cesa' },
  ],
  footer: { about: 'Training civil engineers since 2004.', columns: [], copyright: '© 2025 CESA' },
});

const meta = { title: 'ETABS course | CESA', description: 'ETABS in 15, 25 and 45 hour packages.', keywords: 'etabs' };

function page(input: { course?: { name: string; group: string; duration?: string }; sections?: unknown[] } = {}): Page {
  return PageSchema.parse({
    meta: { ...meta, ...(input.course ? { course: input.course } : {}) },
    sections: input.sections ?? [{ type: 'hero', title: 'A page' }],
  });
}

const ofType = <T extends StructuredData['@graph'][number]>(data: StructuredData, type: T['@type']) =>
  data['@graph'].filter((node): node is T => node['@type'] === type);

describe('structured data on every page', () => {
  const data = structuredData(site, '/about', page(), { today: TEST_TODAY });
  const [organization] = ofType<EducationalOrganization>(data, 'EducationalOrganization');
  const branches = ofType<LocalBusiness>(data, 'LocalBusiness');

  it('describes the academy as an EducationalOrganization from the site document', () => {
    expect(data['@context']).toBe('https://schema.org');
    expect(organization).toEqual({
      '@type': 'EducationalOrganization',
      '@id': 'https://www.cesa.example.com/#organization',
      name: 'Civil Engineering Software Academy',
      alternateName: 'CESA',
      url: 'https://www.cesa.example.com/',
      logo: 'https://www.cesa.example.com/images/logo.svg',
      sameAs: ['https://facebook.example.com/cesa', 'https://linkedin.example.com/cesa'],
    });
  });

  it('describes each branch as a LocalBusiness whose parent organisation is the academy, in the site\'s country, with only the contacts it has', () => {
    expect(branches).toEqual([
      {
        '@type': 'LocalBusiness',
        '@id': 'https://www.cesa.example.com/#branch-pune-head-office',
        name: 'Civil Engineering Software Academy, Pune, Head office',
        parentOrganization: { '@id': organization!['@id'] },
        address: { '@type': 'PostalAddress', streetAddress: '1 Example Road, Example Nagar, Pune', addressLocality: 'Pune', addressCountry: 'IN' },
        telephone: ['+91 00000 00001', '+91 00000 00009'],
        email: 'pune@cesa.example.com',
      },
      {
        '@type': 'LocalBusiness',
        '@id': 'https://www.cesa.example.com/#branch-nagpur',
        name: 'Civil Engineering Software Academy, Nagpur',
        parentOrganization: { '@id': organization!['@id'] },
        address: { '@type': 'PostalAddress', streetAddress: '2 Example Road', addressLocality: 'Nagpur', addressCountry: 'IN' },
      },
    ]);
  });

  it('gives a page that is neither a course nor nested no Course and no breadcrumbs', () => {
    expect(data['@graph'].map((node) => node['@type'])).toEqual(['EducationalOrganization', 'LocalBusiness', 'LocalBusiness']);
  });

  it('gives the 404 page the academy only', () => {
    const notFound = structuredData(site, '/404', null, { today: TEST_TODAY });
    expect(notFound['@graph'].map((node) => node['@type'])).toEqual(['EducationalOrganization', 'LocalBusiness', 'LocalBusiness']);
  });

  it('leaves sameAs out when the site lists no social profiles', () => {
    const quiet = structuredData({ ...site, social: [] }, '/', page(), { today: TEST_TODAY });
    expect(ofType<EducationalOrganization>(quiet, 'EducationalOrganization')[0]).not.toHaveProperty('sameAs');
  });
});

describe('a course page', () => {
  const sections = [
    { type: 'hero', title: 'ETABS V-22' },
    { type: 'packages', cards: [{ title: 'Basic', duration: 15 }, { title: 'Advance', duration: '45 to 50 hours' }] },
    {
      type: 'facts',
      items: [
        { label: 'Duration per module', value: '5 hours per module' },
        { label: 'Mode', value: 'Classroom and instructor-led online' },
      ],
    },
  ];
  const etabs = page({ course: { name: 'ETABS', group: 'structure', duration: '50 hours / 8 days' }, sections });
  const [course] = ofType<Course>(structuredData(site, '/etabs', etabs, { today: TEST_TODAY }), 'Course');

  it('is a Course named as in meta.course, described by meta.description, provided by the academy', () => {
    expect(course).toMatchObject({
      '@type': 'Course',
      '@id': 'https://www.cesa.example.com/etabs#course',
      name: 'ETABS',
      description: meta.description,
      url: 'https://www.cesa.example.com/etabs',
      provider: { '@id': 'https://www.cesa.example.com/#organization' },
    });
  });

  it('states the course\'s hours as an ISO 8601 duration, and an instance per mode its facts state, with that workload', () => {
    expect(course!.timeRequired).toBe('PT50H');
    expect(course!.hasCourseInstance).toEqual([
      { '@type': 'CourseInstance', courseMode: 'Onsite', courseWorkload: 'PT50H' },
      { '@type': 'CourseInstance', courseMode: 'Online', courseWorkload: 'PT50H' },
    ]);
  });

  it('states no duration when the course\'s is not one number of hours, whatever its packages say', () => {
    for (const duration of ['15, 25 or 45 hours', '45 to 50 hours', '5 hours per module', '8 weeks']) {
      const [stated] = ofType<Course>(structuredData(site, '/etabs', page({ course: { name: 'ETABS', group: 'structure', duration }, sections }), { today: TEST_TODAY }), 'Course');
      expect(stated, duration).not.toHaveProperty('timeRequired');
      for (const instance of stated!.hasCourseInstance ?? []) expect(instance, duration).not.toHaveProperty('courseWorkload');
    }
  });

  it('has neither duration nor instances when the page states no duration and no mode', () => {
    const [plain] = ofType<Course>(structuredData(site, '/safe', page({ course: { name: 'SAFE', group: 'structure' } }), { today: TEST_TODAY }), 'Course');
    expect(plain).toBeDefined();
    expect(plain).not.toHaveProperty('timeRequired');
    expect(plain).not.toHaveProperty('hasCourseInstance');
  });

  it('takes the modes from a fact labelled as the mode only', () => {
    const modes = (facts: { label: string; value: string }[]) => modesOf(page({ course: { name: 'X', group: 'other' }, sections: [{ type: 'hero', title: 'X' }, { type: 'facts', items: facts }] }));
    expect(modes([{ label: 'Mode', value: 'Online only' }])).toEqual(['Online']);
    expect(modes([{ label: 'Mode of training', value: 'Offline (classroom)' }])).toEqual(['Onsite']);
    expect(modes([{ label: 'Mode', value: 'Blended: weekdays online, Saturdays in the classroom' }])).toEqual(['Onsite', 'Online', 'Blended']);
    expect(modes([{ label: 'Software', value: 'Online licence included' }])).toEqual([]);
  });

  it('reads workloads as ISO 8601 durations', () => {
    expect(workloadOf('60 hours (5 weeks)')).toBe('PT60H');
    expect(workloadOf('7.5 hours')).toBe('PT7.5H');
    expect(workloadOf('5 weeks')).toBeUndefined();
  });
});

describe('breadcrumbs', () => {
  const crumbs = (route: string, input: Page) => ofType<BreadcrumbList>(structuredData(site, route, input, { today: TEST_TODAY }), 'BreadcrumbList')[0];

  it('lead from Home through the parent to a nested page, named as in the menu', () => {
    expect(crumbs('/hitest/placement', page())).toEqual({
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Home', item: 'https://www.cesa.example.com/' },
        { '@type': 'ListItem', position: 2, name: 'Hitest Lahoti & Associates', item: 'https://www.cesa.example.com/hitest' },
        { '@type': 'ListItem', position: 3, name: 'Hitest Placement', item: 'https://www.cesa.example.com/hitest/placement' },
      ],
    });
  });

  it('name a page the menu does not list by its heading, and leave out an ancestor without a name', () => {
    const trail = crumbs('/gate/notes/week-1', page({ sections: [{ type: 'hero', title: 'Week 1 notes' }] }));
    expect(trail!.itemListElement.map(({ position, name, item }) => [position, name, item])).toEqual([
      [1, 'Home', 'https://www.cesa.example.com/'],
      [2, 'Week 1 notes', 'https://www.cesa.example.com/gate/notes/week-1'],
    ]);
  });

  it('name a course page above a nested page by its entry in the header menu, which course pages join from their own file', () => {
    // The site document's menu lists groups only; the assembled menu (Content.menu) holds the course pages.
    const menu = [...site.menu, { label: 'Our Courses', items: [{ label: 'Tekla Connections', href: '/tekla-connections', items: [] }] }];
    const trail = ofType<BreadcrumbList>(structuredData(site, '/tekla-connections/syllabus', page(), { today: TEST_TODAY, menu: menu }), 'BreadcrumbList')[0];
    expect(trail!.itemListElement.map(({ name }) => name)).toEqual(['Home', 'Tekla Connections', 'A page']);
    const withoutMenu = ofType<BreadcrumbList>(structuredData(site, '/tekla-connections/syllabus', page(), { today: TEST_TODAY }), 'BreadcrumbList')[0];
    expect(withoutMenu!.itemListElement.map(({ name }) => name)).toEqual(['Home', 'A page']);
  });

  it('are not given to top-level pages', () => {
    expect(crumbs('/etabs', page())).toBeUndefined();
    expect(crumbs('/', page())).toBeUndefined();
  });
});

describe('the <script> tag', () => {
  it('is a JSON-LD data block holding the graph', () => {
    const html = structuredDataHtml(site, '/etabs', page(), { today: TEST_TODAY });
    const match = /^<script type="application\/ld\+json">(.*)<\/script>$/s.exec(html);
    expect(match).not.toBeNull();
    expect(JSON.parse(match![1]!)).toEqual(structuredData(site, '/etabs', page(), { today: TEST_TODAY }));
  });

  it('cannot be closed early by the content', () => {
    const html = structuredDataHtml({ ...site, name: 'CESA </script><script>alert(1)</script>' }, '/', page(), { today: TEST_TODAY });
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(html).toContain('\\u003c/script>');
  });
});

describe("a course's batches", () => {
  const batch = (start: string, extra: Record<string, unknown> = {}) => ({ start, days: 'Mon–Fri', time: '10:00–13:00', mode: 'classroom', centre: 'Pune', fee: 12500, ...extra });
  const withBatches = (batches: unknown[], extra: Record<string, unknown> = {}) =>
    PageSchema.parse({ meta: { ...meta, course: { name: 'ETABS', group: 'structure', duration: '45 hours', mode: 'Classroom and instructor-led online', batches, ...extra } }, sections: [{ type: 'hero', title: 'ETABS' }] });
  const courseOn = (input: Page, today = TEST_TODAY) => ofType<Course>(structuredData(site, '/etabs', input, { today }), 'Course')[0]!;

  const batches = [
    batch('2027-01-04', { end: '2027-01-08' }),
    batch('2027-01-18', { end: '2027-02-05', status: 'full', fee: 13000 }),
    batch('2027-02-06', { end: '2027-03-28', days: 'Saturdays and Sundays', time: '09:30–13:30', mode: 'online', centre: 'online', status: 'few seats', fee: 11000 }),
    batch('2027-03-15', { mode: 'both', centre: 'Nagpur', status: 'cancelled' }),
  ];

  it('has an instance per upcoming batch: its mode, dates, place and schedule', () => {
    expect(courseOn(withBatches(batches)).hasCourseInstance).toEqual([
      {
        '@type': 'CourseInstance',
        courseMode: 'Onsite',
        courseSchedule: {
          '@type': 'Schedule',
          repeatFrequency: 'Weekly',
          repeatCount: 3,
          startDate: '2027-01-18',
          endDate: '2027-02-05',
          byDay: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'].map((day) => `https://schema.org/${day}`),
          startTime: '10:00',
          endTime: '13:00',
          duration: 'PT3H',
        },
        startDate: '2027-01-18',
        endDate: '2027-02-05',
        location: {
          '@type': 'Place',
          name: 'Civil Engineering Software Academy, Pune, Head office',
          address: { '@type': 'PostalAddress', streetAddress: '1 Example Road, Example Nagar, Pune', addressLocality: 'Pune', addressCountry: 'IN' },
        },
        offers: { '@type': 'Offer', category: 'Paid', price: 13000, priceCurrency: 'INR', availability: 'https://schema.org/SoldOut' },
      },
      {
        '@type': 'CourseInstance',
        courseMode: 'Online',
        courseSchedule: {
          '@type': 'Schedule',
          repeatFrequency: 'Weekly',
          repeatCount: 8,
          startDate: '2027-02-06',
          endDate: '2027-03-28',
          byDay: ['https://schema.org/Sunday', 'https://schema.org/Saturday'],
          startTime: '09:30',
          endTime: '13:30',
          duration: 'PT4H',
        },
        startDate: '2027-02-06',
        endDate: '2027-03-28',
        location: { '@type': 'VirtualLocation', url: 'https://www.cesa.example.com/' },
        offers: { '@type': 'Offer', category: 'Paid', price: 11000, priceCurrency: 'INR', availability: 'https://schema.org/LimitedAvailability' },
      },
      {
        '@type': 'CourseInstance',
        courseMode: 'Blended',
        // No end date: no schedule, the course's hours instead.
        courseWorkload: 'PT45H',
        startDate: '2027-03-15',
        location: { '@type': 'Place', name: 'Civil Engineering Software Academy, Nagpur', address: { '@type': 'PostalAddress', streetAddress: '2 Example Road', addressLocality: 'Nagpur', addressCountry: 'IN' } },
        offers: { '@type': 'Offer', category: 'Paid', price: 12500, priceCurrency: 'INR', availability: 'https://schema.org/SoldOut' },
        eventStatus: 'https://schema.org/EventCancelled',
      },
    ]);
  });

  it("prices the course from the next batch that can be joined, in rupees", () => {
    expect(courseOn(withBatches(batches)).offers).toEqual({ '@type': 'Offer', category: 'Paid', price: 11000, priceCurrency: 'INR' });
  });

  it("with no batch upcoming, has an instance per mode with the course's hours, priced from the course's fee", () => {
    const course = courseOn(withBatches(batches, { fee: 40000 }), '2027-03-16');
    expect(course.offers).toEqual({ '@type': 'Offer', category: 'Paid', price: 40000, priceCurrency: 'INR' });
    expect(course.hasCourseInstance).toEqual([
      { '@type': 'CourseInstance', courseMode: 'Onsite', courseWorkload: 'PT45H' },
      { '@type': 'CourseInstance', courseMode: 'Online', courseWorkload: 'PT45H' },
    ]);
    expect(courseOn(withBatches([]), '2027-03-16').offers).toEqual({ '@type': 'Offer', category: 'Paid' });
  });

  it.each([
    ['Mon–Fri', [1, 2, 3, 4, 5]],
    ['Mon-Sat', [1, 2, 3, 4, 5, 6]],
    ['Fri to Mon', [0, 1, 5, 6]],
    ['Saturdays and Sundays', [0, 6]],
    ['Tue, Thu', [2, 4]],
    ['Daily', []],
  ])('reads the days "%s" as weekdays %o', (words, days) => {
    expect(weekdaysOf(words)).toEqual(days);
  });

  it.each([
    ['10:00–13:00', { start: '10:00', end: '13:00', duration: 'PT3H' }],
    ['9.30 to 11', { start: '09:30', end: '11:00', duration: 'PT1H30M' }],
    ['18:00-18:45', { start: '18:00', end: '18:45', duration: 'PT45M' }],
    ['evenings', undefined],
    ['13:00–10:00', undefined],
  ])('reads the time "%s"', (time, hours) => {
    expect(hoursOf(time)).toEqual(hours);
  });
});

describe('on the project’s content', () => {
  const root = path.resolve(import.meta.dirname, '../..');
  const content = loadContent({ root });
  const projectSite = content.site!;

  it('loads', () => {
    expect(content.errors).toEqual([]);
  });

  it.each(content.pages.filter((entry) => entry.page.meta.course).map((entry) => [entry.route, entry.page] as const))(
    '%s is a Course whose words all come from its page',
    (route, coursePage) => {
      const [course] = ofType<Course>(structuredData(projectSite, route, coursePage, { today: TEST_TODAY }), 'Course');
      expect(course!.name).toBe(coursePage.meta.course!.name);
      const source = JSON.stringify(coursePage).toLowerCase();
      // A duration only from the course's own, as hours; a mode only where a fact names it.
      const hours = course!.timeRequired && /^PT(\d+(?:\.\d+)?)H$/.exec(course!.timeRequired)?.[1];
      if (course!.timeRequired) expect(coursePage.meta.course!.duration?.hours, route).toBe(Number(hours));
      for (const instance of course!.hasCourseInstance ?? []) {
        // A batch's instance says its own mode and schedule (tested above).
        if (instance.startDate) continue;
        expect(instance.courseWorkload).toBe(course!.timeRequired);
        expect(source).toMatch(instance.courseMode === 'Onsite' ? /classroom|offline|on-?site/ : new RegExp(instance.courseMode.toLowerCase()));
      }
    },
  );

  it.each(content.pages.filter((entry) => entry.page.meta.course).map((entry) => [entry.route, entry.page] as const))(
    "%s has what Google requires of a course, or check names what it lacks",
    (route, coursePage) => {
      const [course] = ofType<Course>(structuredData(projectSite, route, coursePage, { today: TEST_TODAY }), 'Course');
      expect([course!.name, course!.description, course!.provider['@id'], course!.offers.category].every(Boolean), route).toBe(true);
      const instances = course!.hasCourseInstance ?? [];
      const complete = instances.length > 0 && instances.every((instance) => instance.courseMode && (instance.courseWorkload || instance.courseSchedule));
      if (!complete) expect(courseSearchGaps(coursePage), route).not.toEqual([]);
    },
  );

  it('lists at least three courses with upcoming batches on /batches (ItemList)', () => {
    const batches = content.pages.find((entry) => entry.route === '/batches')!;
    const [list] = ofType<ItemList>(structuredData(projectSite, '/batches', batches.page, { today: TEST_TODAY, courses: courseIndexOf(content.facts) }), 'ItemList');
    expect(list!.itemListElement.length).toBeGreaterThanOrEqual(3);
    expect(list!.itemListElement.slice(0, 2).map((item) => item.url)).toEqual([new URL('/bim', projectSite.url).href, new URL('/structural-autocad', projectSite.url).href]);
  });

  it('gives the nested placement page its trail through the Hitest Lahoti page', () => {
    const placement = content.pages.find((entry) => entry.route === '/hitest-lahoti-and-associates/placement');
    expect(placement).toBeDefined();
    const [trail] = ofType<BreadcrumbList>(structuredData(projectSite, placement!.route, placement!.page, { today: TEST_TODAY }), 'BreadcrumbList');
    expect(trail!.itemListElement.map((item) => item.item)).toEqual([
      new URL('/', projectSite.url).href,
      new URL('/hitest-lahoti-and-associates', projectSite.url).href,
      new URL('/hitest-lahoti-and-associates/placement', projectSite.url).href,
    ]);
  });
});
