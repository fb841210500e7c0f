/**
 * What a visitor sees of the batches, all from the course pages' one record (meta.course.batches), on
 * the date the page is made for: a course page's upcoming batches or "Next batch: ask us", the
 * Upcoming batches page by month with its centre and mode choices, and a course card's next batch.
 */
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Batch } from '../../src/content/batches';
import type { CourseIndex } from '../../src/content/course-facts';
import { SectionSchema } from '../../src/content/page-schema';
import { CoursesProvider } from '../../src/page/courses-context';
import { SectionSlot } from '../../src/sections/section-slot';
import { renderWithSite, TEST_TODAY, withBehaviours } from '../helpers/render';

const batch = (start: string, extra: Partial<Batch> = {}): Batch => ({ start, days: 'Mon–Fri', time: '10:00–13:00', mode: 'classroom', centre: 'Pune', status: 'open', fee: 12500, ...extra });

const courses: CourseIndex = {
  '/etabs': {
    name: 'ETABS',
    batches: [
      batch('2027-01-10'),
      batch('2027-01-18', { end: '2027-02-05', seats: 8 }),
      batch('2027-02-06', { days: 'Saturdays and Sundays', mode: 'online', centre: 'online', status: 'few seats', fee: 11000, feeNote: 'in two instalments' }),
      batch('2027-03-15', { status: 'full', mode: 'both' }),
    ],
  },
  '/staad': { name: 'STAAD.Pro', batches: [batch('2027-01-11', { centre: 'Nagpur', fee: 125000 }), batch('2027-02-20', { mode: 'online', centre: 'online' })] },
  '/safe': { name: 'SAFE', batches: [batch('2026-12-01')] },
};

function show(input: unknown, { route = '/etabs', today = TEST_TODAY } = {}) {
  const section = SectionSchema.parse(input);
  return renderWithSite(
    <CoursesProvider value={courses}>
      <SectionSlot section={section} index={3} />
    </CoursesProvider>,
    { route, today },
  );
}

const cardsText = (container: HTMLElement) => [...container.querySelectorAll('article')].map((card) => card.textContent);

describe("a course page's batches", () => {
  it('shows the upcoming batches, earliest first, the day the Indian way and the fee in rupees', () => {
    const { container } = show({ type: 'batches' });
    expect(screen.getByRole('heading', { level: 2, name: 'Upcoming batches' })).toBeInTheDocument();
    expect(cardsText(container)).toEqual([
      'Mon 18 Jan 2027 to Fri 5 Feb 2027WhenMon–Fri, 10:00–13:00WherePune, classroomFee ₹12,5008 seats leftEnroll: batch starting Mon 18 Jan 2027',
      'Sat 6 Feb 2027WhenSaturdays and Sundays, 10:00–13:00WhereOnlineFee ₹11,000 in two instalmentsFew seats leftEnroll: batch starting Sat 6 Feb 2027',
      'Mon 15 Mar 2027WhenMon–Fri, 10:00–13:00WherePune, classroom or onlineFee ₹12,500Full',
    ]);
  });

  it('sends Enroll to the enquiry form, and offers no Enroll for a full batch', () => {
    show({ type: 'batches' });
    const enroll = screen.getAllByRole('link', { name: /^Enroll/ });
    expect(enroll.map((link) => link.getAttribute('href'))).toEqual(['https://forms.example.com/cesa-enquiry', 'https://forms.example.com/cesa-enquiry']);
    expect(screen.getByRole('link', { name: 'Enroll: batch starting Mon 18 Jan 2027' })).toBeInTheDocument();
  });

  it('shows a batch on its start day, and no longer the day after', () => {
    const onStart = show({ type: 'batches' }, { today: '2027-01-18' });
    expect(cardsText(onStart.container)[0]).toMatch(/^Mon 18 Jan 2027/);
    onStart.unmount();
    const after = show({ type: 'batches' }, { today: '2027-01-19' });
    expect(cardsText(after.container)[0]).toMatch(/^Sat 6 Feb 2027/);
  });

  it('says "Next batch: ask us" with the enquiry and WhatsApp buttons when none is upcoming, never an empty list', () => {
    show({ type: 'batches' }, { route: '/safe' });
    expect(screen.getByText('Next batch: ask us')).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Enquire Now' })).toHaveAttribute('href', 'https://forms.example.com/cesa-enquiry');
    expect(screen.getByRole('link', { name: 'Ask on WhatsApp' })).toHaveAttribute('href', 'https://wa.me/910000000000');
  });
});

describe('the Upcoming batches page', () => {
  it("lists every course's upcoming batches by date, under a heading per month", () => {
    show({ type: 'upcoming-batches', title: 'All batches' }, { route: '/batches' });
    const months = screen.getAllByRole('heading', { level: 3 }).filter((heading) => /20\d\d$/.test(heading.textContent ?? ''));
    expect(months.map((heading) => heading.textContent)).toEqual(['January 2027', 'February 2027', 'March 2027']);
    const january = within(screen.getByRole('region', { name: 'January 2027' }));
    expect(january.getAllByRole('link', { name: /^(ETABS|STAAD\.Pro|SAFE)$/ }).map((link) => link.textContent)).toEqual(['STAAD.Pro', 'ETABS']);
    expect(january.getByText('₹1,25,000')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'SAFE' })).not.toBeInTheDocument();
  });

  it('shows every batch without JavaScript: the choices stay unseen until the behaviour runs', () => {
    const { container } = show({ type: 'upcoming-batches' }, { route: '/batches' });
    expect(container.querySelector('[data-filters]')).not.toHaveAttribute('data-ready');
    expect(container.querySelectorAll('article')).toHaveLength(5);
  });

  it('narrows the list to a centre and a mode, hiding the months left empty', async () => {
    const { container } = await withBehaviours(show({ type: 'upcoming-batches' }, { route: '/batches' }));
    const visible = () => [...container.querySelectorAll<HTMLElement>('li[data-centre]')].filter((item) => !item.hidden && !item.closest<HTMLElement>('[data-month]')!.hidden).map((item) => item.querySelector('time')!.textContent);
    const centre = within(screen.getByRole('group', { name: 'Centre' }));
    const mode = within(screen.getByRole('group', { name: 'Mode' }));
    expect(container.querySelector('[data-filters]')).toHaveAttribute('data-ready');
    expect(centre.getAllByRole('button').map((button) => button.textContent)).toEqual(['All centres', 'Nagpur', 'Pune', 'Online']);
    fireEvent.click(centre.getByRole('button', { name: 'Online' }));
    expect(centre.getByRole('button', { name: 'Online' })).toHaveAttribute('aria-pressed', 'true');
    expect(centre.getByRole('button', { name: 'All centres' })).toHaveAttribute('aria-pressed', 'false');
    expect(visible()).toEqual(['Sat 6 Feb 2027', 'Sat 20 Feb 2027']);
    expect(container.querySelector('[aria-label="January 2027"]')).not.toBeVisible();
    expect(screen.getByText('2 batches')).toBeInTheDocument();
    fireEvent.click(centre.getByRole('button', { name: 'All centres' }));
    // A batch taught both ways is found under either mode.
    fireEvent.click(mode.getByRole('button', { name: 'Online' }));
    expect(visible()).toEqual(['Sat 6 Feb 2027', 'Sat 20 Feb 2027', 'Mon 15 Mar 2027']);
    fireEvent.click(centre.getByRole('button', { name: 'Nagpur' }));
    expect(visible()).toEqual([]);
    expect(screen.getByText('Next batch: ask us')).toBeVisible();
  });

  it('says "Next batch: ask us" when no course has an upcoming batch', () => {
    show({ type: 'upcoming-batches' }, { route: '/batches', today: '2028-01-01' });
    expect(screen.getByText('Next batch: ask us')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Centre' })).not.toBeInTheDocument();
  });
});

describe('a course card', () => {
  const cards = { type: 'course-cards', cards: [{ course: '/etabs', image: '/images/etabs.svg' }, { course: '/safe', image: '/images/safe.svg' }] };

  it("shows the day its course's next batch starts, and nothing for a course with none", () => {
    const { container } = show(cards, { route: '/' });
    const [etabs, safe] = [...container.querySelectorAll('article')];
    expect(etabs).toHaveTextContent('Next batch 18 Jan');
    expect(safe).not.toHaveTextContent('Next batch');
  });

  it('skips a full batch, and gives the year when it is not the year of the day', () => {
    const { container } = show(cards, { route: '/', today: '2027-02-07' });
    expect(container.querySelector('article')).not.toHaveTextContent('Next batch');
    const later = show({ type: 'course-cards', cards: [{ course: '/staad', image: '/images/s.svg' }] }, { route: '/', today: '2026-12-20' });
    expect(later.container.querySelector('article')).toHaveTextContent('Next batch 11 Jan 2027');
  });
});
