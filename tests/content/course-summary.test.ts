import { describe, expect, it } from 'vitest';
import { groupCourses, type CourseSummary } from '../../src/content/course-chapters';
import { summariseCourse } from '../../src/content/course-summary';
import { PageSchema } from '../../src/content/page-schema';

const meta = { title: 'ETABS training | CESA', description: 'ETABS courses in Pune.', keywords: 'etabs, rcc' };

describe('summariseCourse', () => {
  it('returns null for a page that is not a course', () => {
    const page = PageSchema.parse({ meta, sections: [{ type: 'hero', title: 'About us', points: ['Founded in 2004'] }] });

    expect(summariseCourse('/about', page)).toBeNull();
  });

  it('takes the name, group, heading, the declared duration, every stated duration once, and the hero points', () => {
    const page = PageSchema.parse({
      meta: { ...meta, course: { name: 'ETABS', group: 'structure', duration: '15, 25 or 45 hours' } },
      sections: [
        { type: 'hero', title: 'ETABS Training Programme', points: ['Multistorey building design', 'Shear wall modelling'] },
        { type: 'list', title: 'Course content', items: ['Not a highlight: the hero has points'] },
        {
          type: 'packages',
          cards: [
            { title: 'ETABS Basic (RCC Design)', duration: 15 },
            { title: 'ETABS Advance + SAFE', duration: 25 },
            { title: 'Orientation' },
          ],
        },
        {
          type: 'course-cards',
          cards: [
            { title: 'ETABS + SAFE + RCDC', image: '/images/etabs.svg', duration: 45 },
            { title: 'ETABS Basic again', image: '/images/etabs.svg', duration: '15 hours' },
          ],
        },
        {
          type: 'facts',
          items: [
            { label: 'Course Duration', value: '50 hours / 8 days' },
            { label: 'Mode', value: 'Classroom and online' },
            { label: 'Duration per module', value: '5 hours per module' },
          ],
        },
      ],
    });

    expect(summariseCourse('/etabs', page)).toEqual({
      route: '/etabs',
      name: 'ETABS',
      group: 'structure',
      title: 'ETABS Training Programme',
      duration: '15, 25 or 45 hours',
      durations: ['15, 25 or 45 hours', '15 hours', '25 hours', '45 hours', '50 hours / 8 days', '5 hours per module'],
      highlights: ['Multistorey building design', 'Shear wall modelling'],
    });
  });

  it('gives the brochure the declared duration only: hours as "N hours", none when the page declares none', () => {
    const sections = [
      { type: 'hero', title: 'STAAD.Pro' },
      { type: 'packages', cards: [{ title: 'Basic', duration: 20 }, { title: 'Professional', duration: 50 }] },
      { type: 'facts', items: [{ label: 'Duration', value: '20 to 50 hours' }] },
    ];
    const declared = PageSchema.parse({ meta: { ...meta, course: { name: 'STAAD.Pro Advance', group: 'structure', duration: 35 } }, sections });
    const undeclared = PageSchema.parse({ meta: { ...meta, course: { name: 'STAAD.Pro', group: 'structure' } }, sections });

    expect(summariseCourse('/staad-advance', declared)?.duration).toBe('35 hours');
    expect(summariseCourse('/staad', undeclared)?.duration).toBeUndefined();
    expect(summariseCourse('/staad', undeclared)?.durations).toEqual(['20 hours', '50 hours', '20 to 50 hours']);
  });

  it('falls back to the first list for highlights, keeping at most eight', () => {
    const items = Array.from({ length: 12 }, (_, i) => `Topic ${i + 1}`);
    const page = PageSchema.parse({
      meta: { ...meta, course: { name: 'Revit Architecture', group: '3d-rendering' } },
      sections: [
        { type: 'hero', title: 'Revit Architecture' },
        { type: 'list', items, splitAt: 10 },
        { type: 'list', items: ['Second list'] },
      ],
    });

    const summary = summariseCourse('/revit-architecture', page);

    expect(summary?.highlights).toEqual(items.slice(0, 8));
    expect(summary?.durations).toEqual([]);
  });

  it('has no highlights when the hero has no points and there is no list', () => {
    const page = PageSchema.parse({
      meta: { ...meta, course: { name: 'Primavera', group: 'project' } },
      sections: [{ type: 'hero', title: 'Primavera' }, { type: 'prose', body: 'Contact us.' }],
    });

    expect(summariseCourse('/primavera', page)?.highlights).toEqual([]);
  });
});

describe('groupCourses', () => {
  const course = (name: string, group: CourseSummary['group']): CourseSummary => ({
    route: `/${name.toLowerCase()}`,
    name,
    group,
    title: name,
    duration: undefined,
    durations: [],
    highlights: [],
  });

  it('orders chapters as printed, courses by name (numbers by value), and leaves out empty chapters', () => {
    const chapters = groupCourses([
      course('Tekla', 'bim'),
      course('STAAD.Pro', 'structure'),
      course('AutoCAD', 'drafting'),
      course('ETABS', 'structure'),
      course('Estimation Level 10', 'estimation'),
      course('Estimation Level 2', 'estimation'),
    ]);

    expect(chapters.map((chapter) => [chapter.title, chapter.courses.map((c) => c.name)])).toEqual([
      ['Drafting', ['AutoCAD']],
      ['Structural analysis & design', ['ETABS', 'STAAD.Pro']],
      ['Estimation & costing', ['Estimation Level 2', 'Estimation Level 10']],
      ['BIM & Tekla', ['Tekla']],
    ]);
  });
});
