import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SectionSchema } from '../../src/content/page-schema';
import { SiteProvider } from '../../src/page/site-context';
import { SectionSlot } from '../../src/sections/section-slot';
import { renderSection, testSite, withBehaviours } from '../helpers/render';

const jobs = {
  type: 'role-cards',
  title: 'We are hiring!',
  cards: [
    {
      id: 'telecaller',
      name: 'Telecaller',
      description: 'Call enquiries and guide students to the right course.',
      image: { src: '/images/jobs/telecaller.svg', alt: 'A telecaller at a desk' },
      responsibilities: ['Answer calls', 'Follow up enquiries'],
      skills: ['Clear spoken English', 'Patience'],
    },
    {
      id: 'design-engineer-trainee',
      name: 'Design Engineer Trainee',
      description: 'For B.E./B.Tech Civil freshers.',
      responsibilities: ['Model buildings in ETABS'],
      skills: ['Structural analysis basics'],
    },
  ],
};

const programmes = {
  type: 'role-cards',
  action: 'Register Now',
  cards: [{ id: 'web-development', name: 'Web Development', description: 'A programme for faculty.' }],
};

// jsdom knows <dialog open> but has no showModal() or close(): these do what the browser does with
// the dialog's state (open, the "close" event). Focus (into the dialog, back to the card's button),
// the inert page behind and Escape are the browser's, proven in tests/browser/interactions.test.ts.
const dialogPrototype = HTMLDialogElement.prototype;
const original = {
  showModal: Object.getOwnPropertyDescriptor(dialogPrototype, 'showModal'),
  close: Object.getOwnPropertyDescriptor(dialogPrototype, 'close'),
};
beforeAll(() => {
  dialogPrototype.showModal = function showModal(this: HTMLDialogElement) {
    if (this.hasAttribute('open')) return;
    this.setAttribute('open', '');
  };
  dialogPrototype.close = function close(this: HTMLDialogElement) {
    if (!this.hasAttribute('open')) return;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
});
afterAll(() => {
  for (const [name, descriptor] of Object.entries(original)) {
    if (descriptor) Object.defineProperty(dialogPrototype, name, descriptor);
    else Reflect.deleteProperty(dialogPrototype, name);
  }
});

/** The section as the page shows it, with its behaviour running: jsdom runs no invoker commands, so the fallback does. */
const renderCards = (input: unknown) => withBehaviours(renderSection(input));

describe('role-cards', () => {
  it('jsdom runs no invoker commands, so these tests run the behaviour that stands in for them', () => {
    expect('commandForElement' in HTMLButtonElement.prototype).toBe(false);
  });

  it('shows a card per role with its image, name as h3, description and a button naming the role', () => {
    renderSection(jobs);
    expect(screen.getByRole('heading', { level: 2, name: 'We are hiring!' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual([
      'Telecaller',
      'Design Engineer Trainee',
    ]);
    expect(screen.getByRole('img', { name: 'A telecaller at a desk' })).toHaveAttribute('src', '/images/jobs/telecaller.svg');
    // Once on the card; the dialog's copy stays hidden until it opens.
    const description = screen.getAllByText('For B.E./B.Tech Civil freshers.');
    expect(description.filter((element) => !element.closest('dialog'))).toHaveLength(1);
    for (const element of description) {
      if (element.closest('dialog')) expect(element).not.toBeVisible();
      else expect(element).toBeVisible();
    }
    const apply = screen.getByRole('button', { name: 'Apply: Telecaller' });
    expect(apply).toHaveTextContent(/^Apply$/);
    expect(apply).toHaveAttribute('aria-haspopup', 'dialog');
    expect(screen.getByRole('button', { name: 'Apply: Design Engineer Trainee' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('has each card’s dialog in the page, closed, with the button naming it as what it opens', () => {
    renderSection(jobs);
    for (const name of ['Telecaller', 'Design Engineer Trainee']) {
      const button = screen.getByRole('button', { name: `Apply: ${name}` });
      const dialog = document.getElementById(button.getAttribute('commandfor') ?? '');
      expect(dialog).toBeInstanceOf(HTMLDialogElement);
      expect(button).toHaveAttribute('command', 'show-modal');
      expect(dialog).not.toHaveAttribute('open');
      expect(dialog).not.toBeVisible();
      expect(within(dialog as HTMLElement).getByRole('heading', { level: 2, hidden: true })).toHaveTextContent(name);
    }
  });

  it('opens the dialog of the chosen card, named by its heading, with responsibilities and skills', async () => {
    const user = userEvent.setup();
    await renderCards(jobs);
    await user.click(screen.getByRole('button', { name: 'Apply: Design Engineer Trainee' }));

    const dialog = screen.getByRole('dialog', { name: 'Design Engineer Trainee' });
    expect(dialog).toHaveAttribute('open');
    expect(dialog).toBeVisible();
    expect(screen.getAllByRole('dialog')).toEqual([dialog]);
    expect(within(dialog).getByRole('heading', { level: 2, name: 'Design Engineer Trainee' })).toBeVisible();
    expect(within(dialog).getByText('For B.E./B.Tech Civil freshers.')).toBeVisible();
    expect(within(dialog).getByRole('heading', { name: 'Responsibilities' })).toBeVisible();
    expect(within(dialog).getByRole('heading', { name: 'Skills required' })).toBeVisible();
    const [responsibilities, skills] = within(dialog).getAllByRole('list');
    expect(within(responsibilities as HTMLElement).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Model buildings in ETABS',
    ]);
    expect(within(skills as HTMLElement).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Structural analysis basics',
    ]);
    expect(within(dialog).queryByText('Answer calls')).not.toBeInTheDocument();
    expect(screen.getByText('Answer calls')).not.toBeVisible();
    expect(within(dialog).queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('has an Apply link that opens the external form in a new tab', async () => {
    const user = userEvent.setup();
    await renderCards(jobs);
    await user.click(screen.getByRole('button', { name: 'Apply: Telecaller' }));
    const apply = within(screen.getByRole('dialog', { name: 'Telecaller' })).getByRole('link', { name: 'Apply' });
    expect(apply).toHaveAttribute('href', 'https://forms.example.com/cesa-enquiry');
    expect(apply).toHaveAttribute('target', '_blank');
    expect(apply).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('closes with Close, and opens again, for that card or another', async () => {
    const user = userEvent.setup();
    await renderCards(jobs);
    await user.click(screen.getByRole('button', { name: 'Apply: Telecaller' }));
    const telecaller = screen.getByRole('dialog', { name: 'Telecaller' });
    await user.click(within(telecaller).getByRole('button', { name: 'Close' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(telecaller).not.toHaveAttribute('open');
    expect(screen.getByText('Answer calls')).not.toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Apply: Design Engineer Trainee' }));
    const trainee = screen.getByRole('dialog', { name: 'Design Engineer Trainee' });
    expect(screen.getAllByRole('dialog')).toEqual([trainee]);
    await user.click(within(trainee).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Apply: Telecaller' }));
    expect(screen.getByRole('dialog', { name: 'Telecaller' })).toBeVisible();
  });

  it('opens a dialog closed by the browser (Escape) again from its button', async () => {
    const user = userEvent.setup();
    await renderCards(jobs);
    const opener = screen.getByRole('button', { name: 'Apply: Telecaller' });
    await user.click(opener);
    // Escape makes the browser close the dialog and fire "close".
    const dialog = screen.getByRole('dialog', { name: 'Telecaller' });
    act(() => (dialog as HTMLDialogElement).close());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(opener);
    expect(screen.getByRole('dialog', { name: 'Telecaller' })).toBeVisible();
  });

  it('puts focus on the role’s name when its dialog opens (autofocus in the page HTML)', () => {
    const html = renderToStaticMarkup(
      <SiteProvider value={testSite}>
        <SectionSlot section={SectionSchema.parse(jobs)} index={1} />
      </SiteProvider>,
    );
    const page = document.createElement('div');
    page.innerHTML = html;
    const dialogs = [...page.querySelectorAll('dialog')];
    expect(dialogs).toHaveLength(2);
    for (const dialog of dialogs) {
      const focused = dialog.querySelectorAll('[autofocus]');
      expect(focused).toHaveLength(1);
      expect(focused[0]?.tagName).toBe('H2');
      expect(focused[0]).toHaveAttribute('tabindex', '-1');
      expect(focused[0]?.id).toBe(dialog.getAttribute('aria-labelledby'));
    }
  });

  it('labels the button with the section action and leaves out empty lists', async () => {
    const user = userEvent.setup();
    await renderCards(programmes);
    await user.click(screen.getByRole('button', { name: 'Register Now: Web Development' }));
    const dialog = screen.getByRole('dialog', { name: 'Web Development' });
    expect(within(dialog).getByText('A programme for faculty.')).toBeVisible();
    expect(within(dialog).queryByRole('heading', { name: 'Responsibilities' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('heading', { name: 'Skills required' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Apply' })).toBeInTheDocument();
  });
});
