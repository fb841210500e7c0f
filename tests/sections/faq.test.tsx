/**
 * The FAQ is native disclosure: each question is the <summary> of a <details>, and the details of
 * one FAQ share a `name`, which makes the browser keep one answer open at a time. jsdom opens and
 * closes a <details> when its summary is clicked, but knows neither `name` exclusivity nor the
 * keyboard on a summary: those are proven in a real browser (tests/browser/interactions.test.ts).
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SectionSchema } from '../../src/content/page-schema';
import { SectionSlot } from '../../src/sections/section-slot';
import { renderSection, renderWithSite } from '../helpers/render';

const faq = {
  type: 'faq',
  title: 'Frequently asked questions',
  items: [
    { question: 'How we operate?', answer: 'We shortlist students for each opening.\n\nInterviews follow.' },
    { question: 'Our Quality', answer: 'Trainers with industry experience.' },
    {
      question: 'Why CESA?',
      answer: 'Because placement starts on day one.',
      points: ['Live projects', 'Interview preparation'],
    },
  ],
};

/** The question's heading, and the <summary> a visitor presses, and the <details> it opens. */
function question(name: string) {
  const heading = screen.getByRole('heading', { level: 3, name });
  const summary = heading.closest('summary');
  if (!summary) throw new Error(`the question "${name}" is not in a <summary>`);
  const details = summary.parentElement;
  if (!(details instanceof HTMLDetailsElement)) throw new Error(`the summary of "${name}" is not the summary of a <details>`);
  return { heading, summary, details };
}

describe('faq', () => {
  it('puts each question, an h3 under the section title, in the summary of its own disclosure', () => {
    renderSection(faq);
    expect(screen.getByRole('heading', { level: 2, name: 'Frequently asked questions' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual([
      'How we operate?',
      'Our Quality',
      'Why CESA?',
    ]);
    const details = faq.items.map((item) => question(item.question).details);
    expect(new Set(details).size).toBe(faq.items.length);
    // The summary is the first child: the browser only treats that one as the disclosure's button.
    for (const { question: name } of faq.items) expect(question(name).details.firstElementChild).toBe(question(name).summary);
  });

  it('starts with every answer closed, but keeps the answers in the page for search engines and find-in-page', () => {
    const { container } = renderSection(faq);
    for (const { question: name } of faq.items) {
      expect(question(name).details).not.toHaveAttribute('open');
      expect(question(name).heading).toBeVisible();
    }
    expect(screen.getByText('We shortlist students for each opening.')).toBeInTheDocument();
    expect(screen.getByText('We shortlist students for each opening.')).not.toBeVisible();
    expect(screen.getByText('Interview preparation')).not.toBeVisible();
    expect(container).toHaveTextContent('Trainers with industry experience.');
  });

  it('opens an answer with its paragraphs and points when its question is pressed, and closes it on a second press', async () => {
    const user = userEvent.setup();
    renderSection(faq);
    const { summary, details } = question('Why CESA?');

    await user.click(summary);
    expect(details).toHaveAttribute('open');
    expect(within(details).getByText('Because placement starts on day one.')).toBeVisible();
    expect(within(details).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Live projects', 'Interview preparation']);
    expect(within(details).getByRole('list')).toBeVisible();
    expect(question('How we operate?').details).not.toHaveAttribute('open');
    expect(screen.getByText('Interviews follow.')).not.toBeVisible();

    await user.click(summary);
    expect(details).not.toHaveAttribute('open');
    expect(within(details).getByText('Because placement starts on day one.')).not.toBeVisible();
  });

  it('opens the answer when the question’s own text is pressed (the heading is inside the summary)', async () => {
    const user = userEvent.setup();
    renderSection(faq);
    await user.click(question('Our Quality').heading);
    expect(question('Our Quality').details).toHaveAttribute('open');
    expect(screen.getByText('Trainers with industry experience.')).toBeVisible();
  });

  it('groups the answers of one FAQ by one name, so the browser keeps one open at a time', () => {
    renderSection(faq);
    const names = faq.items.map((item) => question(item.question).details.getAttribute('name'));
    expect(names[0]).toBeTruthy();
    expect(new Set(names)).toEqual(new Set([names[0]]));
  });

  it('gives two FAQs on one page different names, so opening an answer in one leaves the other alone', () => {
    const first = SectionSchema.parse(faq);
    const second = SectionSchema.parse({ ...faq, title: 'More questions', items: [{ question: 'Fees?', answer: 'See the course page.' }] });
    const { container } = renderWithSite(
      <>
        <SectionSlot section={first} index={1} />
        <SectionSlot section={second} index={4} />
      </>,
    );
    const [one, other] = [...container.querySelectorAll('section')];
    const namesIn = (section: Element | undefined) => new Set([...(section?.querySelectorAll('details') ?? [])].map((details) => details.getAttribute('name')));
    expect(namesIn(one).size).toBe(1);
    expect(namesIn(other).size).toBe(1);
    expect([...namesIn(one)][0]).not.toBe([...namesIn(other)][0]);
  });
});
