import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderSection } from '../helpers/render';

const section = {
  type: 'contact',
  title: 'Contact us',
  enquiry: { label: 'Enquire Now', href: 'form' },
  qr: true,
  map: { src: 'https://maps.example.com/embed?q=cesa', title: 'CESA head office, Pune' },
};

function branchCards() {
  return screen.getAllByRole('article');
}

describe('contact', () => {
  it('opens the enquiry form in a new tab and shows its QR code', () => {
    renderSection(section);
    expect(screen.getByRole('heading', { level: 2, name: 'Contact us' })).toBeInTheDocument();
    const enquire = screen.getByRole('link', { name: 'Enquire Now' });
    expect(enquire).toHaveAttribute('href', 'https://forms.example.com/cesa-enquiry');
    expect(enquire).toHaveAttribute('target', '_blank');
    expect(enquire).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByRole('img', { name: 'QR code that opens the enquiry form, forms.example.com/cesa-enquiry' })).toBeInTheDocument();
  });

  it('shows every branch of the site with its address, phones as tel: links and e-mails as mailto: links', () => {
    renderSection(section);
    expect(branchCards()).toHaveLength(2);
    const pune = branchCards()[0];

    expect(within(pune!).getByRole('heading', { level: 3, name: 'Pune' })).toBeInTheDocument();
    expect(within(pune!).getByText('Head office')).toBeInTheDocument();
    const address = pune!.querySelector('address');
    expect(address).toHaveTextContent('1 Example Road');
    expect(address).toHaveTextContent('Pune 411000');
    expect(within(pune!).getByRole('link', { name: '+91 00000 00001' })).toHaveAttribute('href', 'tel:+910000000001');
    expect(within(pune!).getByRole('link', { name: 'pune@cesa.example.com' })).toHaveAttribute('href', 'mailto:pune@cesa.example.com');
  });

  it('shows only the address for a branch that has nothing else', () => {
    renderSection(section);
    const nagpur = branchCards()[1]!;
    expect(within(nagpur).getByRole('heading', { level: 3, name: 'Nagpur' })).toBeInTheDocument();
    expect(nagpur.querySelector('address')).toHaveTextContent('2 Example Road');
    expect(within(nagpur).queryByRole('link')).not.toBeInTheDocument();
    expect(within(nagpur).queryByText('Phone')).not.toBeInTheDocument();
    expect(within(nagpur).queryByText('E-mail')).not.toBeInTheDocument();
  });

  it('shows only the branches it names, in its order', () => {
    const { unmount } = renderSection({ ...section, branches: ['Nagpur', 'Pune'] });
    expect(screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual(['Nagpur', 'Pune']);
    unmount();

    renderSection({ type: 'contact', branches: ['Nagpur'] });
    expect(screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual(['Nagpur']);
  });

  it('lists the site social links, opening in a new tab, unless turned off', () => {
    const { unmount } = renderSection(section);
    const social = screen.getByRole('list', { name: 'Follow us' });
    const facebook = within(social).getByRole('link', { name: 'Facebook' });
    expect(facebook).toHaveAttribute('href', 'https://facebook.example.com/cesa');
    expect(facebook).toHaveAttribute('target', '_blank');
    expect(facebook).toHaveAttribute('rel', 'noopener noreferrer');
    unmount();

    renderSection({ ...section, social: false });
    expect(screen.queryByRole('link', { name: 'Facebook' })).not.toBeInTheDocument();
  });

  it('embeds the map lazily, titled and with explicit dimensions', () => {
    renderSection(section);
    const map = screen.getByTitle('CESA head office, Pune');
    expect(map.tagName).toBe('IFRAME');
    expect(map).toHaveAttribute('src', 'https://maps.example.com/embed?q=cesa');
    expect(map).toHaveAttribute('loading', 'lazy');
    expect(map).toHaveAttribute('width');
    expect(map).toHaveAttribute('height');
  });
});
