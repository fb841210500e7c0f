import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SiteSchema } from '../../src/content/site-schema';
import { FloatingButtons } from '../../src/layout/FloatingButtons';
import { Footer } from '../../src/layout/Footer';
import { renderWithSite, testSite } from '../helpers/render';

const site = SiteSchema.parse({
  ...testSite,
  branches: [...testSite.branches, { city: 'Aurangabad', name: 'Aurangabad branch', address: ['3 Example Road'] }],
  footer: {
    ...testSite.footer,
    columns: [{ title: 'Courses', links: [{ label: 'ETABS', href: '/etabs' }, { label: 'Enquire', href: 'form' }] }],
  },
});

describe('footer', () => {
  it('is the contentinfo landmark with the about text and the copyright', () => {
    renderWithSite(<Footer />, { site });
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByText('Training civil engineers since 2004.')).toBeInTheDocument();
    expect(within(footer).getByText('© 2025 CESA')).toBeInTheDocument();
  });

  it('shows the link columns under their titles', () => {
    renderWithSite(<Footer />, { site });
    expect(screen.getByRole('heading', { name: 'Courses' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'ETABS' })).toHaveAttribute('href', '/etabs');
    expect(screen.getByRole('link', { name: 'Enquire' })).toHaveAttribute('href', 'https://forms.example.com/cesa-enquiry');
  });

  it('lists every branch with phone links that dial the digits, and e-mail links', () => {
    renderWithSite(<Footer />, { site });
    expect(screen.getByText('Pune, Head office')).toBeInTheDocument();
    expect(screen.getByText('Nagpur')).toBeInTheDocument();
    expect(screen.getByText('Aurangabad')).toBeInTheDocument();
    expect(screen.queryByText(/Aurangabad branch/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: '+91 00000 00001' })).toHaveAttribute('href', 'tel:+910000000001');
    expect(screen.getByRole('link', { name: 'pune@cesa.example.com' })).toHaveAttribute('href', 'mailto:pune@cesa.example.com');
  });

  it('shows the address of a branch with no phone or e-mail, never its name alone', () => {
    renderWithSite(<Footer />, { site });
    const aurangabad = screen.getByText('Aurangabad').closest('li')!;
    expect(aurangabad).toHaveTextContent(/^Aurangabad3 Example Road$/);
  });

  it('makes each link column a disclosure titled by its heading (open from 48rem by CSS)', () => {
    renderWithSite(<Footer />, { site });
    const summary = screen.getByRole('heading', { name: 'Courses' }).closest('summary');
    expect(summary).not.toBeNull();
    expect(summary!.parentElement!.tagName).toBe('DETAILS');
    expect(summary!.parentElement).toContainElement(screen.getByRole('link', { name: 'ETABS' }));
  });

  it('opens social profiles in a new tab', () => {
    renderWithSite(<Footer />, { site });
    const facebook = within(screen.getByRole('list', { name: 'Social media' })).getByRole('link', { name: 'Facebook' });
    expect(facebook).toHaveAttribute('href', 'https://facebook.example.com/cesa');
    expect(facebook).toHaveAttribute('target', '_blank');
    expect(facebook).toHaveAttribute('rel', 'noopener noreferrer');
  });
});

describe('floating buttons', () => {
  it('calls the academy with the digits of its number', () => {
    renderWithSite(<FloatingButtons />);
    const call = screen.getByRole('link', { name: 'Call CESA' });
    expect(call).toHaveAttribute('href', 'tel:+910000000000');
    expect(call).not.toHaveAttribute('target');
  });

  it('opens the chat in a new tab', () => {
    renderWithSite(<FloatingButtons />);
    const chat = screen.getByRole('link', { name: 'Chat with CESA on WhatsApp' });
    expect(chat).toHaveAttribute('href', 'https://wa.me/910000000000');
    expect(chat).toHaveAttribute('target', '_blank');
    expect(chat).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('uses the short name of the site in the button names', () => {
    renderWithSite(<FloatingButtons />, { site: { ...testSite, shortName: 'CESA Pune' } });
    expect(screen.getByRole('link', { name: 'Call CESA Pune' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Chat with CESA Pune on WhatsApp' })).toBeInTheDocument();
  });
});
