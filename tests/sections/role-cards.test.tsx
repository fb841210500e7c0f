import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderSection } from '../helpers/render';

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

// jsdom has no showModal(): these do what the browser does that the component relies on.
const dialog = HTMLDialogElement.prototype;
const original = {
  showModal: Object.getOwnPropertyDescriptor(dialog, 'showModal'),
  close: Object.getOwnPropertyDescriptor(dialog, 'close'),
};
beforeAll(() => {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.hasAttribute('open')) return;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
});
afterAll(() => {
  for (const [name, descriptor] of Object.entries(original)) {
    if (descriptor) Object.defineProperty(dialog, name, descriptor);
    else Reflect.deleteProperty(dialog, name);
  }
});

describe('role-cards', () => {
  it('shows a card per role with its image, name as h3, description and a button naming the role', () => {
    renderSection(jobs);
    expect(screen.getByRole('heading', { level: 2, name: 'We are hiring!' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual([
      'Telecaller',
      'Design Engineer Trainee',
    ]);
    expect(screen.getByRole('img', { name: 'A telecaller at a desk' })).toHaveAttribute('src', '/images/jobs/telecaller.svg');
    expect(screen.getByText('For B.E./B.Tech Civil freshers.')).toBeInTheDocument();
    const apply = screen.getByRole('button', { name: 'Apply: Telecaller' });
    expect(apply).toHaveTextContent(/^Apply/);
    expect(screen.getByRole('button', { name: 'Apply: Design Engineer Trainee' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens a dialog for the chosen card, named by its heading, with responsibilities and skills', async () => {
    const user = userEvent.setup();
    renderSection(jobs);
    await user.click(screen.getByRole('button', { name: 'Apply: Design Engineer Trainee' }));

    const dialog = screen.getByRole('dialog', { name: 'Design Engineer Trainee' });
    expect(dialog).toHaveAttribute('open');
    expect(within(dialog).getByRole('heading', { level: 2, name: 'Design Engineer Trainee' })).toHaveFocus();
    expect(within(dialog).getByText('For B.E./B.Tech Civil freshers.')).toBeInTheDocument();
    expect(within(dialog).getByRole('heading', { name: 'Responsibilities' })).toBeInTheDocument();
    expect(within(dialog).getByRole('heading', { name: 'Skills required' })).toBeInTheDocument();
    const [responsibilities, skills] = within(dialog).getAllByRole('list');
    expect(within(responsibilities as HTMLElement).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Model buildings in ETABS',
    ]);
    expect(within(skills as HTMLElement).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Structural analysis basics',
    ]);
    expect(within(dialog).queryByText('Answer calls')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('has an Apply link that opens the external form in a new tab', async () => {
    const user = userEvent.setup();
    renderSection(jobs);
    await user.click(screen.getByRole('button', { name: 'Apply: Telecaller' }));
    const apply = within(screen.getByRole('dialog')).getByRole('link', { name: 'Apply' });
    expect(apply).toHaveAttribute('href', 'https://forms.example.com/cesa-enquiry');
    expect(apply).toHaveAttribute('target', '_blank');
    expect(apply).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('closes with Close and gives focus back to the card button', async () => {
    const user = userEvent.setup();
    renderSection(jobs);
    const opener = screen.getByRole('button', { name: 'Apply: Telecaller' });
    await user.click(opener);
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByText('Answer calls')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('clears the selection when the browser closes the dialog (Escape), and opens again for another card', async () => {
    const user = userEvent.setup();
    renderSection(jobs);
    const opener = screen.getByRole('button', { name: 'Apply: Telecaller' });
    await user.click(opener);
    // Escape makes the browser close the dialog and fire "close".
    const dialog = screen.getByRole('dialog');
    if (!(dialog instanceof HTMLDialogElement)) throw new Error('the dialog is not a <dialog>');
    act(() => dialog.close());
    expect(opener).toHaveFocus();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Apply: Design Engineer Trainee' }));
    expect(screen.getByRole('dialog', { name: 'Design Engineer Trainee' })).toBeInTheDocument();
  });

  it('labels the button with the section action and leaves out empty lists', async () => {
    const user = userEvent.setup();
    renderSection(programmes);
    await user.click(screen.getByRole('button', { name: 'Register Now: Web Development' }));
    const dialog = screen.getByRole('dialog', { name: 'Web Development' });
    expect(within(dialog).getByText('A programme for faculty.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('heading', { name: 'Responsibilities' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('heading', { name: 'Skills required' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Apply' })).toBeInTheDocument();
  });
});
