/**
 * Renders a section (or any node) the way a page does: with the route, the site context and the
 * images' sizes. The parts' behaviours do not run unless a test attaches them (`withBehaviours`).
 */
import { render, type RenderResult } from '@testing-library/react';
import type { ReactNode } from 'react';
import { SectionSchema, type Section } from '../../src/content/page-schema';
import { SiteSchema, type Site } from '../../src/content/site-schema';
import { attachBehaviours } from '../../src/islands/attach';
import { ImageSizesProvider, type ImageSizes } from '../../src/page/image-sizes';
import { RouteProvider } from '../../src/page/route-context';
import { SiteProvider } from '../../src/page/site-context';
import { TodayProvider } from '../../src/page/today-context';
import { SectionSlot } from '../../src/sections/section-slot';

export const testSite: Site = SiteSchema.parse({
  name: 'Civil Engineering Software Academy',
  shortName: 'CESA',
  url: 'https://www.cesa.example.com',
  logo: { src: '/images/logo.svg', alt: 'CESA' },
  menu: [
    { label: 'Home', href: '/' },
    { label: 'Our Courses', items: [{ label: 'Structure', items: [{ label: 'ETABS', href: '/etabs' }] }] },
  ],
  form: { url: 'https://forms.example.com/cesa-enquiry' },
  brochure: { file: '/downloads/cesa-brochure.pdf', fileName: 'CESA-Brochure.pdf' },
  contact: { phone: '+91 00000 00000', chat: 'https://wa.me/910000000000' },
  branches: [
    { city: 'Pune', name: 'Head office', address: ['1 Example Road', 'Pune 411000'], phones: ['+91 00000 00001'], emails: ['pune@cesa.example.com'] },
    { city: 'Nagpur', address: ['2 Example Road', 'Nagpur 440000'] },
  ],
  social: [{ label: 'Facebook', href: 'https://facebook.example.com/cesa' }],
  footer: { about: 'Training civil engineers since 2004.', columns: [], copyright: '© 2025 CESA' },
});

/** The date the tests' pages are made for, unless a test says another (`today`). */
export const TEST_TODAY = '2027-01-11';

/** `images`: the measured sizes the page's data would carry (RenderData.images), by site path. `today`: the date the page is made for. */
export function renderWithSite(node: ReactNode, { site = testSite, route = '/', images = {}, today = TEST_TODAY }: { site?: Site; route?: string; images?: ImageSizes; today?: string } = {}): RenderResult {
  return render(
    <RouteProvider value={route}>
      <SiteProvider value={site}>
        <TodayProvider value={today}>
          <ImageSizesProvider sizes={images}>{node}</ImageSizesProvider>
        </TodayProvider>
      </SiteProvider>
    </RouteProvider>,
  );
}

/** Validates raw section input with the real schema (so defaults and transforms apply) and renders it. */
export function renderSection(input: unknown, index = 1, { today = TEST_TODAY }: { today?: string } = {}): RenderResult & { section: Section } {
  const section = SectionSchema.parse(input);
  return { section, ...renderWithSite(<SectionSlot section={section} index={index} />, { today }) };
}

/** Runs the behaviours of the parts rendered (as the site's script does on a page); settles once they are attached. */
export async function withBehaviours<R extends RenderResult>(result: R): Promise<R> {
  await attachBehaviours(result.container);
  return result;
}
