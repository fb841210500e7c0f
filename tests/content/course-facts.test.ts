/**
 * A course's facts stated once (src/content/course-facts.ts): a course page made here, and a home
 * page with a card of it. Changing one line of the course block changes every place a visitor (or a
 * search engine, or the brochure's reader, or a shared link) meets the fact; a text naming a fact the
 * page does not state is an error located where it is written.
 */
// @tier slow: builds a course page and reads its brochure with pdftotext
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBrochure } from '../helpers/brochure';
import { cardSpecOf } from '../../scripts/builder/social';
import { structuredData } from '../../src/app/structured-data';
import { courseIndexOf } from '../../src/content/course-facts';
import { loadContent, type Content } from '../../src/content/load';
import { render } from '../../src/entry-server';

const root = path.resolve(import.meta.dirname, '../..');
let project: string;

beforeAll(() => {
  project = mkdtempSync(path.join(tmpdir(), 'cesa-facts-'));
  mkdirSync(path.join(project, 'pages'), { recursive: true });
  mkdirSync(path.join(project, 'public/images'), { recursive: true });
  writeFileSync(path.join(project, 'pages/_site.yaml'), readFileSync(path.join(root, 'tests/fixtures/site.yaml'), 'utf8'));
  writeFileSync(path.join(project, 'public/images/logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40"/>');
  writeFileSync(
    path.join(project, 'pages/index.yaml'),
    [
      'meta: { title: CESA, description: d, keywords: [k] }',
      'sections:',
      '  - type: hero',
      '    title: Welcome',
      '  - type: course-cards',
      '    title: Our Courses',
      '    cards:',
      '      - course: /tekla',
      '        image: { src: /images/logo.svg, alt: Tekla }',
      '',
    ].join('\n'),
  );
});
afterAll(() => rmSync(project, { recursive: true, force: true }));

/** The course page, its facts stated once in its course block: only `name` and `duration` vary. */
function writeCourse({ name, duration }: { name: string; duration: string }): void {
  writeFileSync(
    path.join(project, 'pages/tekla.yaml'),
    [
      'meta:',
      '  title: "{name} Training in Pune | CESA"',
      '  description: Learn {name} in {duration}.',
      '  keywords: ["{name} course"]',
      '  course:',
      `    name: ${name}`,
      '    group: bim',
      `    duration: ${duration}`,
      '    mode: Classroom and instructor-led online',
      '    menu: false',
      'sections:',
      '  - type: hero',
      '    title: "{name}"',
      '    subtitle: "{duration} of steel detailing, from the first grid to the last drawing"',
      '  - type: prose',
      '    body: In this {hours}-hour course you detail a steel building.',
      '  - type: facts',
      '    title: Course details',
      '    items:',
      '      - { label: Duration, value: "{duration}" }',
      '      - { label: Mode, value: "{mode}" }',
      '',
    ].join('\n'),
  );
}

function loaded(): Content {
  const content = loadContent({ root: project });
  expect(content.errors).toEqual([]);
  return content;
}

/** The HTML the build writes for a route (the same render, with the course pages the cards show). */
function html(content: Content, route: string): string {
  const page = content.pages.find((entry) => entry.route === route)!.page;
  return render({ route, today: '2027-01-11', site: content.site!, menu: content.menu, courses: courseIndexOf(content.facts.map((facts) => facts.summary)), page, images: {} });
}

function brochureText(pdf: Uint8Array): string {
  const file = path.join(project, 'brochure.pdf');
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

/** Every place the course's facts reach: the course page's parts, the home page's card, the structured data, the brochure, the shared link's card. */
async function everywhere(content: Content) {
  const page = new DOMParser().parseFromString(html(content, '/tekla'), 'text/html');
  const home = new DOMParser().parseFromString(html(content, '/'), 'text/html');
  const course = content.pages.find((entry) => entry.route === '/tekla')!.page;
  const graph = structuredData(content.site!, '/tekla', course)['@graph'];
  return {
    title: course.meta.title,
    heading: page.querySelector('h1')?.textContent,
    heroSubtitle: page.querySelector('.hero__subtitle')?.textContent,
    prose: page.querySelector('.section--prose')?.textContent,
    facts: [...page.querySelectorAll('.facts__value')].map((value) => value.textContent),
    card: home.querySelector('.course-card')?.textContent,
    cardLink: home.querySelector('.course-card a')?.getAttribute('href'),
    structured: graph.find((node) => node['@type'] === 'Course'),
    brochure: brochureText(await buildBrochure(content.site!, content.pages)),
    socialCard: cardSpecOf(content.site!, course),
  };
}

describe("a course's duration, changed in one line", () => {
  it('changes on the hero, in the facts and the text, on the card of another page, in the structured data, the brochure and the shared card', async () => {
    writeCourse({ name: 'Tekla Structures', duration: '40 hours' });
    const before = await everywhere(loaded());
    expect(before.heroSubtitle).toContain('40 hours of steel detailing');
    expect(before.prose).toContain('In this 40-hour course');
    expect(before.facts).toEqual(['40 hours', 'Classroom and instructor-led online']);
    expect(before.card).toContain('Duration: 40 hours');
    expect(before.structured).toMatchObject({ name: 'Tekla Structures', description: 'Learn Tekla Structures in 40 hours.', timeRequired: 'PT40H' });
    expect(before.brochure).toContain('Duration: 40 hours');
    expect(before.socialCard).toMatchObject({ title: 'Tekla Structures', subtitle: '40 hours' });

    // The one line: `duration: 40 hours` → `duration: 55 hours`.
    writeCourse({ name: 'Tekla Structures', duration: '55 hours' });
    const after = await everywhere(loaded());
    expect(after.heroSubtitle).toContain('55 hours of steel detailing');
    expect(after.prose).toContain('In this 55-hour course');
    expect(after.facts).toEqual(['55 hours', 'Classroom and instructor-led online']);
    expect(after.card).toContain('Duration: 55 hours');
    expect(after.structured).toMatchObject({ description: 'Learn Tekla Structures in 55 hours.', timeRequired: 'PT55H' });
    expect(after.structured?.['@type'] === 'Course' && after.structured.hasCourseInstance?.map((instance) => instance.courseWorkload)).toEqual(['PT55H', 'PT55H']);
    expect(after.brochure).toContain('Duration: 55 hours');
    expect(after.socialCard).toMatchObject({ subtitle: '55 hours' });
    expect(JSON.stringify(after)).not.toContain('40 hours');
    expect(JSON.stringify(after)).not.toContain('40-hour');
  });

  it("and its name: the page's title and heading, the card and its link, the structured data, the brochure and the shared card", async () => {
    writeCourse({ name: 'Tekla Steel Detailing', duration: '40 hours' });
    const shown = await everywhere(loaded());
    expect(shown.title).toBe('Tekla Steel Detailing Training in Pune | CESA');
    expect(shown.heading).toBe('Tekla Steel Detailing');
    expect(shown.card).toContain('Tekla Steel Detailing');
    expect(shown.cardLink).toBe('/tekla');
    expect(shown.structured).toMatchObject({ name: 'Tekla Steel Detailing' });
    expect(shown.brochure).toContain('Tekla Steel Detailing');
    expect(shown.socialCard).toMatchObject({ title: 'Tekla Steel Detailing' });
    expect(JSON.stringify(shown)).not.toContain('Tekla Structures');
  });
});

describe('a text naming a fact the page does not state', () => {
  it('is an error where it is written, saying which fact and what to do', () => {
    writeCourse({ name: 'Tekla Structures', duration: '40 hours' });
    const file = path.join(project, 'pages/tekla.yaml');
    const text = readFileSync(file, 'utf8');
    // Unquoted in a [ ] list, "{software}" is YAML for a block: quoted, it is text.
    writeFileSync(file, text.replace('  - type: prose', '  - type: list\n    items: ["Taught on {software}", "{duraton} in all"]\n  - type: prose'));
    const errors = loadContent({ root: project }).errors;
    expect(errors).toEqual([
      expect.objectContaining({
        file: 'pages/tekla.yaml',
        line: 16,
        column: 13,
        path: 'sections[1].items[0]',
        code: 'course-fact',
        message: '"{software}" stands for the software and version the course teaches, but this page\'s course does not state it',
        hint: 'Add `software:` to the course block at the top of the file (meta › course), or write the words themselves here instead of "{software}".',
      }),
      expect.objectContaining({
        line: 16,
        path: 'sections[1].items[1]',
        code: 'course-fact',
        message: '"{duraton}" is not a course fact',
        hint: expect.stringMatching(/^Did you mean "\{duration\}"\? Words in braces stand for the course's facts: \{name\}, \{duration\}/) as unknown,
      }),
    ]);
  });

  it('is an error on a page that is not a course, and for {hours} when the duration gives no number of hours', () => {
    writeCourse({ name: 'Tekla Structures', duration: 'three weekends' });
    const file = path.join(project, 'pages/tekla.yaml');
    const errors = () => loadContent({ root: project }).errors;
    expect(errors()).toEqual([
      expect.objectContaining({ path: 'sections[1].body', code: 'course-fact', message: '"{hours}" stands for the course\'s number of hours, but its duration ("three weekends") does not start with one' }),
    ]);
    writeFileSync(file, 'meta: { title: About, description: d, keywords: [k] }\nsections:\n  - type: hero\n    title: About {name}\n');
    expect(errors()).toEqual([expect.objectContaining({ line: 4, path: 'sections[0].title', code: 'course-fact', message: expect.stringContaining('this page is not a course') as unknown })]);
  });

  it('a card naming a page that is not a course is an error on that card', () => {
    writeCourse({ name: 'Tekla Structures', duration: '40 hours' });
    writeFileSync(path.join(project, 'pages/about.yaml'), 'meta: { title: About, description: d, keywords: [k] }\nsections:\n  - type: hero\n    title: About\n');
    const home = path.join(project, 'pages/index.yaml');
    const text = readFileSync(home, 'utf8');
    writeFileSync(home, text.replace('course: /tekla', 'course: /about'));
    try {
      expect(loadContent({ root: project }).errors).toEqual([
        expect.objectContaining({ file: 'pages/index.yaml', line: 8, path: 'sections[1].cards[0].course', code: 'course-card', message: 'the card takes its name and duration from /about, which is not a course page (it has no course block in meta)' }),
      ]);
    } finally {
      writeFileSync(home, text);
      rmSync(path.join(project, 'pages/about.yaml'));
    }
  });
});
