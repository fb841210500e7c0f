import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderSection } from '../helpers/render';

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

const question = (name: string) => screen.getByRole('button', { name });
const marker = (button: HTMLElement) => within(button).getByText(/^[+−]$/);

describe('faq', () => {
  it('starts with every answer closed, but keeps the answers in the page for search engines', () => {
    renderSection(faq);
    for (const { question: name } of faq.items) {
      const button = question(name);
      expect(button).toHaveAttribute('aria-expanded', 'false');
      expect(marker(button)).toHaveTextContent('+');
      expect(marker(button)).toHaveAttribute('aria-hidden', 'true');
    }
    expect(screen.queryByRole('region', { name: 'How we operate?' })).not.toBeInTheDocument();
    expect(screen.getByText('We shortlist students for each opening.')).not.toBeVisible();
  });

  it('puts each question button in an h3 under the section title', () => {
    renderSection(faq);
    expect(screen.getByRole('heading', { level: 2, name: 'Frequently asked questions' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual([
      'How we operate?+',
      'Our Quality+',
      'Why CESA?+',
    ]);
  });

  it('opens an answer as a region labelled by its question, with its paragraphs and points', async () => {
    const user = userEvent.setup();
    renderSection(faq);
    const button = question('Why CESA?');
    await user.click(button);

    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(marker(button)).toHaveTextContent('−');
    const answer = screen.getByRole('region', { name: 'Why CESA?' });
    expect(button).toHaveAttribute('aria-controls', answer.id);
    expect(answer).toBeVisible();
    expect(within(answer).getByText('Because placement starts on day one.')).toBeVisible();
    expect(within(answer).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Live projects',
      'Interview preparation',
    ]);
  });

  it('keeps one answer open at a time and closes the open one on a second click', async () => {
    const user = userEvent.setup();
    renderSection(faq);

    await user.click(question('How we operate?'));
    expect(screen.getByText('Interviews follow.')).toBeVisible();

    await user.click(question('Our Quality'));
    expect(question('Our Quality')).toHaveAttribute('aria-expanded', 'true');
    expect(question('How we operate?')).toHaveAttribute('aria-expanded', 'false');
    expect(marker(question('How we operate?'))).toHaveTextContent('+');
    expect(screen.getByText('Interviews follow.')).not.toBeVisible();
    const openAnswers = () => faq.items.filter((item) => screen.queryByRole('region', { name: item.question }));
    expect(openAnswers().map((item) => item.question)).toEqual(['Our Quality']);

    await user.click(question('Our Quality'));
    expect(question('Our Quality')).toHaveAttribute('aria-expanded', 'false');
    expect(openAnswers()).toEqual([]);
  });

  it('works from the keyboard', async () => {
    const user = userEvent.setup();
    renderSection(faq);
    await user.tab();
    expect(question('How we operate?')).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(question('How we operate?')).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard(' ');
    expect(question('How we operate?')).toHaveAttribute('aria-expanded', 'false');
  });
});
