// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { pastShownAsUpcoming } from '../../scripts/bench/year-drill';
import { render } from '../../src/entry-server';
import { PageSchema } from '../../src/content/page-schema';
import { testSite } from '../helpers/render';

const page = PageSchema.parse({
  meta: { title: 'Dates', description: 'd', keywords: ['k'] },
  sections: [
    { type: 'hero', title: 'Dates' },
    {
      type: 'dates',
      cycles: [{ name: 'Batches', validUntil: '2027-12-31', events: [{ event: 'Batch 1', date: { from: '2027-03-01', to: '2027-03-20' } }, { event: 'Exams', expected: '2027-05' }] }],
    },
  ],
});
const html = (today: string) => render({ route: '/dates', today, site: testSite, menu: [], page, images: {} });

describe("the year drill's reading of a page", () => {
  it('finds nothing wrong in the pages the site makes, on any day', () => {
    for (const today of ['2027-02-28', '2027-03-01', '2027-03-20', '2027-03-21', '2027-05-01', '2027-06-01']) expect(pastShownAsUpcoming(html(today), today)).toEqual([]);
  });

  it('finds a past date marked upcoming, and a period marked under way after its last day', () => {
    // The page of 28 February, read as if it were still shown on later days.
    expect(pastShownAsUpcoming(html('2027-02-28'), '2027-03-01')).toEqual(['upcoming, but it began on 2027-03-01']);
    expect(pastShownAsUpcoming(html('2027-03-05'), '2027-03-21')).toEqual(['under way, but its last day was 2027-03-20']);
    expect(pastShownAsUpcoming(html('2027-04-30'), '2027-05-01')).toEqual(['upcoming, but it began on 2027-05']);
  });
});
