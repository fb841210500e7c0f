/**
 * The site's content against the product spec: every route of its route list, the menu, and the
 * figures, counts and lists of its sections 2 and 9, each on the page the spec puts it.
 *
 * What the spec gives must be there; what an editor adds beside it is not the spec's business: a new
 * page, a new course in a menu group, a new branch leave these tests passing (adding a course is
 * adding one file). So lists of the site's pages, menu entries and courses are checked as containing
 * the spec's, in the spec's order, never as being exactly the spec's.
 */
// @vitest-environment node
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseIndexOf } from '../../src/content/course-facts';
import { summariseCourse } from '../../src/content/course-summary';
import { loadContent, type Content } from '../../src/content/load';
import type { Page, Section, SectionOf, SectionType } from '../../src/content/page-schema';
import type { MenuItem } from '../../src/content/site-schema';
import { withAddedPages } from '../helpers/added-pages';
import { anyString, anything } from '../helpers/matchers';

const root = path.resolve(import.meta.dirname, '../..');
const added = withAddedPages(root);
afterAll(() => added.remove());

/** The content under test: the site's, then the same with pages an editor added (tests/helpers/added-pages.ts). */
let content: Content;

/** The spec's route list (section 2), in its order. */
const SPEC_ROUTES = [
  '/',
  '/about', '/mou', '/seminar', '/hitest-lahoti-and-associates', '/faculty', '/faculty-development-program', '/associated-company',
  '/structural-autocad', '/architectural-autocad',
  '/revit', '/revit-strucutre', '/revit-MEP', '/BIM-revit', '/sketchup-pro',
  '/staad-basic', '/staad-intermediate', '/staad-advance', '/staad', '/rcdc', '/etabs-intermediate', '/etabs', '/safe',
  '/sap-intermediate', '/sap-advance', '/structural-analysis-and-design-using-advance-excel',
  '/manualanalysis', '/certificate-course-on-structural-design-multistored-building',
  '/certificate-course-on-structural-design-PEBsteel-structures', '/residentialconstruction', '/projectmanagement',
  '/projectcontrol', '/advancediploma',
  '/ms-project', '/primavera',
  '/estimation-costing', '/advancecertification',
  '/bim', '/bim-tekla', '/pemb', '/tekla-basic', '/tekla-advance',
  '/sketchup',
  '/about-gate-academy', '/about-gate', '/important-dates', '/faculty-panel', '/gatecesa',
  '/placement', '/jobs', '/hitest-lahoti-and-associates/placement',
  '/contact',
];

/**
 * The Our Courses menu of the spec, group by group, in its order: each entry "<label> <route>".
 * Estimation and Advanced Excel sit under Project, BIM and Tekla under Others (README, "Choices
 * where the spec is open").
 */
const SPEC_COURSE_MENU: Record<string, string[]> = {
  Drafting: ['Structural AutoCAD /structural-autocad', 'Architectural Drafting using AutoCAD /architectural-autocad'],
  '3D Rendering': ['Revit Architecture /revit', 'Revit Structure /revit-strucutre', 'Revit MEP /revit-MEP', 'BIM Revit /BIM-revit', 'SketchUp Pro /sketchup-pro'],
  Structure: [
    'STAAD.Pro Basic /staad-basic',
    'STAAD.Pro Intermediate /staad-intermediate',
    'STAAD.Pro Advance /staad-advance',
    'STAAD Foundation /staad',
    'RCDC /rcdc',
    'ETABS /etabs',
    'ETABS Intermediate /etabs-intermediate',
    'SAFE /safe',
    'SAP 2000 Intermediate /sap-intermediate',
    'SAP 2000 Advance /sap-advance',
    'Structural Analysis & Design using Advanced Excel /structural-analysis-and-design-using-advance-excel',
  ],
  Project: ['MS Project /ms-project', 'Primavera /primavera', 'Estimation & Costing /estimation-costing', 'Advanced Excel Certification /advancecertification'],
  Special: [
    'Manual Analysis & Design of R.C.C. Structures /manualanalysis',
    'Structural Design of Multistorey Buildings /certificate-course-on-structural-design-multistored-building',
    'Structural Design of PEB Steel Structures /certificate-course-on-structural-design-PEBsteel-structures',
    'Practical Aspects of Residential Construction /residentialconstruction',
    'Practical Project Management /projectmanagement',
    'Project Control, Tools & Techniques /projectcontrol',
    'Advance Diploma in Structural Designing /advancediploma',
  ],
  Others: [
    'SketchUp /sketchup',
    'BIM /bim',
    'BIM & Tekla /bim-tekla',
    'Pre-Engineered Metal Buildings /pemb',
    'Tekla Basic /tekla-basic',
    'Tekla Advance /tekla-advance',
  ],
};

/** The spec's course pages: the routes of its Our Courses menu. */
const SPEC_COURSES = Object.values(SPEC_COURSE_MENU).flatMap((entries) => entries.map((entry) => entry.slice(entry.lastIndexOf(' ') + 1)));

/**
 * `actual` holds every item of `expected`, once, in `expected`'s order; other items may come
 * anywhere between them (what an editor added).
 */
function expectInOrder(actual: readonly string[], expected: readonly string[], what?: string): void {
  expect(actual.filter((item) => expected.includes(item)), what).toEqual(expected);
}

function page(route: string): Page {
  const entry = content.pages.find((candidate) => candidate.route === route);
  if (!entry) throw new Error(`no page for ${route}`);
  return entry.page;
}

function sections<T extends SectionType>(route: string, type: T): SectionOf<T>[] {
  return page(route).sections.filter((section): section is SectionOf<T> => section.type === type);
}

function section<T extends SectionType>(route: string, type: T, title?: string): SectionOf<T> {
  const found = sections(route, type).find((candidate) => title === undefined || ('title' in candidate && candidate.title === title));
  if (!found) throw new Error(`${route} has no ${type} section${title ? ` titled "${title}"` : ''}`);
  return found;
}

/** Every piece of text of a page, for "the page says X" checks. */
function textOf(route: string): string {
  const strings: string[] = [];
  const walk = (value: unknown) => {
    if (typeof value === 'string') strings.push(value);
    else if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') Object.values(value).forEach(walk);
  };
  page(route).sections.forEach((item: Section) => walk(item));
  return strings.join('\n');
}

function menuHrefs(items: readonly MenuItem[]): string[] {
  return items.flatMap((item) => [...(item.href ? [item.href] : []), ...menuHrefs(item.items)]);
}

const CONTENTS: [name: string, pagesDir: string | undefined, extra: string[], extraStructure: string[]][] = [
  ['as committed', undefined, [], []],
  ['with a course page, a placed course page and a plain page added', added.pagesDir, added.routes, added.structureEntries],
];

describe.each(CONTENTS)('the site %s', (_, pagesDir, extra, extraStructure) => {
  beforeAll(() => {
    content = loadContent({ root, pagesDir });
  });

  it('holds the added pages, if any, with the added courses in the Structure group of the menu', () => {
    expect(content.pages.map((entry) => entry.route)).toEqual(expect.arrayContaining(extra));
    const courses = content.menu.find((group) => group.label === 'Our Courses')!;
    const structure = courses.items.find((group) => group.label === 'Structure')!;
    expect(structure.items.map((item) => `${item.label} ${item.href}`)).toEqual(expect.arrayContaining(extraStructure));
  });

  describe('the site content', () => {
    it('is valid, with no broken link or missing file', () => {
      expect(content.errors).toEqual([]);
    });

    it('has a page for every route of the spec, once, with /Faculty and /autocad as aliases', () => {
      const routes = content.pages.map((entry) => entry.route);
      expect(routes).toEqual(expect.arrayContaining(SPEC_ROUTES));
      expect(new Set(routes).size).toBe(routes.length);
      expect(content.redirects.get('/Faculty')).toBe('/faculty');
      expect(content.redirects.get('/autocad')).toBe('/structural-autocad');
    });

    it('links every route from the menu, under the spec\'s groups and course submenus', () => {
      // The menu every page shows: _site.yaml's, with each course page in the group its meta.course.menu names.
      const menu = content.menu;
      expectInOrder(
        menu.map((group) => group.label),
        ['Home', 'About Us', 'Our Courses', 'CESA GATE Academy', 'Placement', 'Contact us'],
      );
      const courses = menu.find((group) => group.label === 'Our Courses')!;
      expectInOrder(
        courses.items.map((submenu) => submenu.label),
        Object.keys(SPEC_COURSE_MENU),
      );
      expect(menuHrefs(menu)).toEqual(expect.arrayContaining(SPEC_ROUTES));
    });

    it('lists the courses in their groups in the spec\'s order, estimation and Advanced Excel under Project, BIM and Tekla under Others', () => {
      const courses = content.menu.find((group) => group.label === 'Our Courses')!;
      // Each group holds the spec's entries in the spec's order; a course an editor adds goes where its
      // meta.course.menu puts it, between them.
      for (const [label, expected] of Object.entries(SPEC_COURSE_MENU)) {
        const group = courses.items.find((candidate) => candidate.label === label);
        expect(group, label).toBeDefined();
        expectInOrder(
          group!.items.map((item) => `${item.label} ${item.href}`),
          expected,
          label,
        );
      }
      // The groups are groups; the one link beside them is the Upcoming batches page of every course.
      expect(courses.items.filter((item) => item.href !== undefined).map((item) => `${item.label} ${item.href}`)).toEqual(['Upcoming batches /batches']);
    });

    it('marks every course page of the spec, and none of its other pages, as a course', () => {
      const courses = content.pages.filter((entry) => entry.page.meta.course).map((entry) => entry.route);
      expect(SPEC_COURSES).toHaveLength(35);
      expect(courses).toEqual(expect.arrayContaining(SPEC_COURSES));
      for (const route of SPEC_ROUTES.filter((candidate) => !SPEC_COURSES.includes(candidate))) expect(courses, route).not.toContain(route);
      expect(courses).not.toContain('/gatecesa');
      for (const route of SPEC_COURSES) expect(page(route).meta.title).toMatch(/best civil engineering software academy/i);
    });

    it('lists the branches: four with phones and e-mails, Nagpur with an address only', () => {
      const branches = content.site!.branches;
      expectInOrder(
        branches.map((branch) => branch.city),
        ['Pune', 'Aurangabad', 'Jaipur', 'Belgavi', 'Nagpur'],
      );
      const branch = (city: string) => branches.find((candidate) => candidate.city === city)!;
      for (const city of ['Pune', 'Aurangabad', 'Jaipur', 'Belgavi']) {
        expect(branch(city).phones.length, city).toBeGreaterThan(0);
        expect(branch(city).emails.length, city).toBeGreaterThan(0);
      }
      expect(branch('Nagpur')).toMatchObject({ phones: [], emails: [] });
    });
  });

  describe('the home page', () => {
    it('shows six course cards in the spec\'s order, the first four with Learn More', () => {
      const cards = section('/', 'course-cards').cards;
      // A card that names its course page shows that course's name, duration and link where it gives none.
      const courses = courseIndexOf(content.facts);
      const shown = cards.map((card) => ({
        title: card.title ?? courses[card.course ?? '']?.name,
        href: card.link?.href ?? card.course,
        duration: card.duration?.text ?? courses[card.course ?? '']?.duration,
      }));
      expect(shown.map((card) => card.title)).toEqual([
        'AutoCAD',
        'STAAD.Pro Connect Edition',
        'ETABS',
        'Revit Architecture',
        'STAAD.Pro Connect Edition + Revit Architecture',
        'Short-term programme on structural designing using SAFE',
      ]);
      expect(shown.map((card) => card.href)).toEqual(['/structural-autocad', '/staad', '/etabs', '/revit', undefined, undefined]);
      // STAAD.Pro's and ETABS's cards name their course pages: they take their durations and next batches from them.
      expect(shown.map((card) => card.duration)).toEqual(['45 to 50 hours', '20 to 50 hours (five packages)', '15, 25 or 45 hours', '45 hours', '80 hours', '80 hours']);
      expect(cards.slice(4).map((card) => card.duration?.hours)).toEqual([80, 80]);
    });

    it('counts 20+ years, 4000+ trainings, 150+ MoUs and 11350+ happy students over 3 seconds', () => {
      const stats = section('/', 'stats');
      expect(stats.seconds).toBe(3);
      expect(stats.items.map((item) => `${item.value}${item.suffix}`)).toEqual(['20+', '4000+', '150+', '11350+']);
    });

    it('has a video hero with Contact Today, the brochure panel, the 132+ MoU call to action and the head office figures', () => {
      const videoHero = sections('/', 'hero').find((hero) => hero.video);
      expect(videoHero?.actions).toContainEqual({ label: 'Contact Today', href: '/contact' });
      expect(sections('/', 'brochure')).toHaveLength(1);
      expect(sections('/', 'cta').map((cta) => cta.title)).toContain('132+ institutes have signed an MoU with CESA');
      expect(section('/', 'facts').items.map((item) => item.value)).toEqual(['1000 sq.ft', '8', '5', '2', '2', '20+']);
      expect(sections('/', 'gallery').map((gallery) => gallery.title)).toEqual(['Aurangabad branch', 'Belgavi branch', 'Jaipur branch']);
    });
  });

  describe('the grids', () => {
    it('holds about 60 institutes under the 132+ heading on /mou, up to 5 columns', () => {
      const logos = section('/mou', 'logos');
      expect(logos.title).toMatch(/^132\+/);
      expect(logos.items).toHaveLength(60);
      expect(logos.columns).toBe(5);
      for (const item of logos.items) expect(item).toMatchObject({ city: anyString(), logo: anything() });
    });

    it('holds 73 seminar photos in up to 4 columns', () => {
      const gallery = section('/seminar', 'gallery');
      expect(gallery.images).toHaveLength(73);
      expect(gallery.columns).toBe(4);
    });

    it('holds about 42 placement associates, some shown by name without a logo, and 6 associated companies', () => {
      const associates = section('/placement', 'logos').items;
      expect(associates).toHaveLength(42);
      expect(associates.filter((item) => !item.logo)).toHaveLength(8);
      expect(section('/associated-company', 'logos').items).toHaveLength(6);
    });
  });

  describe('course figures', () => {
    const hours = (route: string) => sections(route, 'packages').flatMap((packages) => packages.cards.map((card) => card.duration?.hours));

    it('gives STAAD five packages of 20, 25, 35, 20 and 50 hours, the last one wide', () => {
      expect(hours('/staad')).toEqual([20, 25, 35, 20, 50]);
      expect(section('/staad', 'packages').wideLast).toBe(true);
    });

    it('gives ETABS three packages of 15, 25 and 45 hours, the last one wide, on V-22', () => {
      expect(hours('/etabs')).toEqual([15, 25, 45]);
      expect(section('/etabs', 'packages').wideLast).toBe(true);
      expect(textOf('/etabs')).toContain('ETABS V-22');
      expect(section('/safe', 'hero').title).toBe('SAFE V22');
    });

    it('states RCDC at 5 hours per module and 50 hours / 8 days, and MS Project at 50 hours for Diploma or B.E. Civil', () => {
      expect(section('/rcdc', 'facts').items.map((item) => item.value)).toEqual(expect.arrayContaining(['5 hours per module', '50 hours / 8 days']));
      expect(section('/ms-project', 'facts').items).toEqual(
        expect.arrayContaining([
          { label: 'Duration', value: '50 hours' },
          { label: 'Eligibility', value: 'Diploma or B.E. Civil' },
        ]),
      );
    });

    it('gives AutoCAD eleven modules, a video and 45 to 50 hours', () => {
      expect(section('/structural-autocad', 'modules').modules).toHaveLength(11);
      expect(sections('/structural-autocad', 'video')).toHaveLength(1);
      expect(section('/structural-autocad', 'facts').items).toContainEqual({ label: 'Duration', value: '45 to 50 hours' });
    });

    it('gives each Revit course 45 hours, and splits the Revit Architecture points at 10', () => {
      for (const route of ['/revit', '/revit-strucutre', '/revit-MEP', '/BIM-revit']) {
        expect(section(route, 'facts').items).toContainEqual({ label: 'Duration', value: '45 hours' });
      }
      const points = section('/revit', 'list', 'What the course covers');
      expect(points.splitAt).toBe(10);
      expect(points.items.length).toBeGreaterThan(10);
    });

    it('gives SketchUp 60 hours over weeks 1 to 5', () => {
      for (const route of ['/sketchup', '/sketchup-pro']) {
        expect(section(route, 'modules').modules.map((module) => module.title)).toEqual(['Week 1', 'Week 2', 'Week 3', 'Week 4', 'Week 5']);
        expect(textOf(route)).toContain('60 hours');
      }
    });

    it('lists the Advanced Excel levels as the spec does, and who should attend', () => {
      expect(section('/advancecertification', 'modules').modules).toEqual([
        { title: 'Level 1', items: ['Drawing reading', 'Measurements', 'Quantity take-off', 'Excel basics'] },
        { title: 'Level 2', items: ['BBS and BOQ', 'Rate analysis', 'Charts', 'Pivot tables', 'Advanced formulas'] },
        { title: 'Level 3', items: ['Estimates', 'Cost to complete', 'Formats', 'Presentation', 'Printing', 'Shortcuts'] },
      ]);
      expect(section('/advancecertification', 'list', 'Who Should Attend').items).toEqual([
        'Entry-level aspirants',
        'Diploma or degree civil engineers',
        'Civil industry professionals',
      ]);
      expect(section('/estimation-costing', 'modules').modules).toHaveLength(3);
    });

    it('gives BIM its dimensions from 2D to 7D in the spec\'s order', () => {
      const titles = section('/bim', 'modules').modules.map((module) => module.title);
      expect(titles.map((title) => title.slice(0, 2))).toEqual(['2D', '3D', '3D', '3D', '4D', '5D', '6D', '7D']);
      expect(titles.join(' ')).toMatch(/Navisworks.*BIM 360.*MS Project.*Estimation and costing/);
    });

    it('keeps the spec\'s list lengths', () => {
      const multistorey = '/certificate-course-on-structural-design-multistored-building';
      expect(hours(multistorey)).toHaveLength(3);
      expect(section(multistorey, 'list', 'Introduction').items).toHaveLength(19);
      expect(section(multistorey, 'list', 'Key Assignments').items).toHaveLength(13);
      expect(section(multistorey, 'list', 'Salient Features').items).toHaveLength(11);
      const peb = section('/certificate-course-on-structural-design-PEBsteel-structures', 'list', 'Curriculum').items;
      expect(peb).toHaveLength(11);
      expect(section('/pemb', 'list', 'Curriculum').items).toEqual(peb);
      expect(section('/residentialconstruction', 'list', 'Topics').items).toHaveLength(9);
      expect(section('/bim-tekla', 'list', 'Key points').items).toHaveLength(45);
      expect(section('/tekla-basic', 'list', 'Key points').items).toHaveLength(8);
      expect(section('/tekla-advance', 'list', 'Key points').items).toHaveLength(8);
    });

    it('gives the manual RCC course its batch dates and the SAP pages their placeholder line', () => {
      // "1st batch starts 15th June; 2nd batch starts 15th July": dated batches (the year an example until confirmed), shown by its batches section.
      expect(page('/manualanalysis').meta.course!.batches.map((batch) => batch.start)).toEqual(['2027-06-15', '2027-07-15']);
      expect(page('/manualanalysis').sections.map((item) => item.type)).toContain('batches');
      expect(textOf('/manualanalysis')).not.toContain('15th June');
      for (const route of ['/sap-intermediate', '/sap-advance']) {
        expect(textOf(route)).toContain('This content will be replaced by SAP 2000 content.');
        expect(section(route, 'list', 'Key points').items).toEqual(section('/safe', 'list', 'Key points').items);
      }
    });

    it('declares each course\'s duration once, as the brochure gives it, where its page states one', () => {
      // Of the spec's courses (a course an editor adds declares its own, or none).
      const declared = Object.fromEntries(
        SPEC_COURSES.filter((route) => page(route).meta.course?.duration).map((route) => [route, page(route).meta.course!.duration!.text]),
      );
      expect(declared).toEqual({
        '/structural-autocad': '45 to 50 hours',
        '/revit': '45 hours',
        '/revit-strucutre': '45 hours',
        '/revit-MEP': '45 hours',
        '/BIM-revit': '45 hours',
        '/sketchup-pro': '60 hours (5 weeks)',
        '/sketchup': '60 hours (5 weeks)',
        '/staad-basic': '20 hours',
        '/staad-intermediate': '25 hours',
        '/staad-advance': '35 hours',
        '/staad': '20 to 50 hours (five packages)',
        '/rcdc': '50 hours / 8 days',
        '/etabs': '15, 25 or 45 hours',
        '/etabs-intermediate': '15, 25 or 45 hours',
        '/certificate-course-on-structural-design-multistored-building': '15, 25 or 45 hours',
        '/ms-project': '50 hours',
      });
      // A course page that states a duration anywhere declares the course's: the brochure shows no other.
      for (const route of SPEC_COURSES.filter((candidate) => !page(candidate).meta.course?.duration)) {
        expect(summariseCourse(route, page(route))?.durations, route).toEqual([]);
      }
    });

    it('offers Primavera as "contact us" only', () => {
      // With no batch written, its batches section says "Next batch: ask us".
      expect(page('/primavera').sections.map((item) => item.type)).toEqual(['hero', 'batches', 'cta']);
      expect(section('/primavera', 'cta').actions).toContainEqual({ label: 'Contact us', href: '/contact' });
    });
  });

  describe('the GATE pages', () => {
    it('dates GATE 2026 as the spec gives them (its words beside the days they mean), GATE 2027 by expected months only, with the note that dates are liable to change', () => {
      const dates = section('/important-dates', 'dates', 'GATE schedule');
      const [gate2026, gate2027] = dates.cycles;
      expect(gate2026!.name).toBe('GATE 2026');
      expect(gate2026!.events.map((event) => [event.event, event.when ?? event.date])).toEqual([
        ['Application portal opens', 'Last week of August 2025'],
        ['Regular registration closes', 'Last week of October 2025'],
        ['Extended registration with late fee ends', '2nd week of October 2025'],
        ['Application modifications', '1st week of November 2025'],
        ['Admit cards', '2nd week of January 2026'],
        ['Exams', '1st to 2nd week of February 2026'],
        ['GATE 2025 results', '2025-03-19'],
        ['GATE 2025 score card', '2025-03-28'],
        ['GATE 2025 answer key', '2025-02-27'],
      ]);
      // The row whose date precedes the one it extends is kept, and explained.
      expect(gate2026!.events[2]!.note).toContain('comes before the regular close it extends');
      // No exact day is invented for GATE 2027: months it is expected in, nothing else.
      expect(gate2027!.name).toBe('GATE 2027');
      expect(gate2027!.events.every((event) => event.date === undefined && /^\d{4}-\d{2}$/.test(event.expected ?? ''))).toBe(true);
      expect(dates.note?.join(' ')).toContain('All dates are liable to change.');
      // The words that stay on the page for years name no cycle.
      expect(textOf('/important-dates')).not.toMatch(/Plan your preparation around the GATE 2026/);
      const sessions = section('/important-dates', 'table', 'GATE 2026 exam sessions');
      expect(sessions.rows.map((row) => row[1])).toEqual([
        'CS1 / AG / MA',
        'CS2 / NM / MT / TF / IN',
        'ME / PE / AR',
        'EE',
        'CY / AE / DA / ES / PI',
        'EC / GE / XH / BM / EY',
        'CE1 / GG / CH / PH / BT',
        'CE2 / ST / XE / XL / MN',
      ]);
    });

    it('headlines the coaching page with a QR code, Enroll Now to the form, its features and figures', () => {
      const hero = section('/gatecesa', 'hero');
      expect(hero.title).toBe('Crack GATE & ESE with CESA');
      expect(hero.qr).toBe(true);
      expect(hero.actions).toContainEqual({ label: 'Enroll Now', href: 'form' });
      expect(section('/gatecesa', 'list', 'What you get').items).toEqual([
        'Live classes',
        'Mock tests',
        'Notes',
        'Doubt solving',
        '1:1 mentorship',
        'Online and offline mode',
      ]);
      const text = textOf('/gatecesa');
      for (const figure of ['Rs 8,000 per month', '217 public sector units', 'Rs 7 to 30 lakh per year', 'January and February', '17 years']) {
        expect(text).toContain(figure);
      }
      expect(section('/gatecesa', 'stats').items[0]).toMatchObject({ value: 1000, suffix: '+' });
      expect(page('/about-gate').sections.map((item) => item.type)).toEqual(['hero']);
      expect(sections('/faculty-panel', 'prose').map((prose) => prose.title)).toContain('From Director Desk');
    });
  });

  describe('placement, jobs, faculty and contact', () => {
    it('answers the three placement questions, the last with bullet points', () => {
      const items = section('/placement', 'faq').items;
      expect(items.map((item) => item.question)).toEqual(['How we operate?', 'Our Quality', 'Why CESA']);
      expect(items[2]?.points?.length).toBeGreaterThan(0);
    });

    it('offers three jobs with responsibilities and skills, and four faculty programmes to register for', () => {
      expect(section('/jobs', 'hero').title).toBe('We are hiring!');
      const jobs = section('/jobs', 'role-cards');
      expect(jobs.cards.map((card) => card.name)).toEqual(['Telecaller', 'Counselor, Civil Engineering Education Services', 'Design Engineer Trainee']);
      for (const card of jobs.cards) {
        expect(card.responsibilities.length).toBeGreaterThan(0);
        expect(card.skills.length).toBeGreaterThan(0);
      }
      const programmes = section('/faculty-development-program', 'role-cards');
      expect(programmes.action).toBe('Register Now');
      expect(programmes.cards.map((card) => card.name)).toEqual(['Web Development', 'Data Science', 'Mobile App Development', 'UI/UX Design']);
    });

    it('shows one lead faculty profile and five cards', () => {
      const faculty = section('/faculty', 'faculty');
      expect(faculty.lead).toBeDefined();
      expect(faculty.members).toHaveLength(5);
    });

    it('gives Contact the enquiry form, a QR code, social links and a map, and says 17 years', () => {
      const contact = section('/contact', 'contact');
      expect(contact.enquiry?.href).toBe('form');
      expect(contact).toMatchObject({ qr: true, social: true, map: anything() });
      expect(content.site!.social.map((link) => link.label)).toEqual(['Facebook', 'Instagram', 'LinkedIn']);
      expect(textOf('/contact')).toContain('17 years');
    });

    it('keeps the spec\'s disagreeing figures where it puts them', () => {
      expect(textOf('/about')).toContain('70+ colleges');
      expect(section('/mou', 'logos').title).toContain('132+');
      expect(textOf('/structural-autocad')).toContain('25+ years');
      expect(textOf('/bim')).toContain('25+ years');
      expect(textOf('/structural-autocad')).toContain('150+ students');
      expect(textOf('/bim')).toContain('150+ students');
      expect(textOf('/about')).toContain('2004');
      // The © year is the year of the day the site is made for, never typed.
      expect(content.site!.footer.copyright).toContain('© {year}');
      expect(content.site!.founded).toBe(2004);
    });
  });
});
