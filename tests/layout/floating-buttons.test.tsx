import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SiteSchema, type Site } from '../../src/content/site-schema';
import { FloatingButtons } from '../../src/layout/FloatingButtons';
import { CoursesProvider } from '../../src/page/courses-context';
import { renderWithSite, testSite } from '../helpers/render';

const site: Site = {
  ...testSite,
  contact: {
    ...testSite.contact,
    chatMessage: { coursePage: "Hello CESA, I'm interested in the {name} course.", otherPages: 'Hello CESA, I have a question.' },
  },
};
const courses = { '/etabs': { name: 'ETABS & STAAD.Pro', duration: '45 hours', batches: [] } };

function chatLink(route: string, onSite: Site = site) {
  renderWithSite(
    <CoursesProvider value={courses}>
      <FloatingButtons />
    </CoursesProvider>,
    { site: onSite, route },
  );
  return screen.getByRole('link', { name: 'Chat with CESA on WhatsApp' });
}

describe('the chat button', () => {
  it('opens WhatsApp with the course of the page named, its words encoded', () => {
    const link = chatLink('/etabs');
    expect(link).toHaveAttribute('href', 'https://wa.me/910000000000?text=Hello%20CESA%2C%20I%27m%20interested%20in%20the%20ETABS%20%26%20STAAD.Pro%20course.');
    expect(new URL(link.getAttribute('href')!).searchParams.get('text')).toBe("Hello CESA, I'm interested in the ETABS & STAAD.Pro course.");
    expect(link).toHaveAttribute('target', '_blank');
  });

  it('opens with the other pages’ words on a page that is not a course', () => {
    const link = chatLink('/contact');
    expect(new URL(link.getAttribute('href')!).searchParams.get('text')).toBe('Hello CESA, I have a question.');
  });

  it('keeps what the link already asks and replaces the words it had', () => {
    const link = chatLink('/etabs', { ...site, contact: { ...site.contact, chat: 'https://api.whatsapp.com/send?phone=910000000000&text=old' } });
    const url = new URL(link.getAttribute('href')!);
    expect(url.searchParams.get('phone')).toBe('910000000000');
    expect(url.searchParams.getAll('text')).toEqual(["Hello CESA, I'm interested in the ETABS & STAAD.Pro course."]);
  });

  it('keeps a link that is not WhatsApp’s as written: another service has no first message', () => {
    expect(chatLink('/etabs', { ...site, contact: { ...site.contact, chat: 'https://chat.example.com/cesa?topic=courses' } })).toHaveAttribute(
      'href',
      'https://chat.example.com/cesa?topic=courses',
    );
  });

  it('opens the chat as written where the site sets no message', () => {
    expect(chatLink('/etabs', testSite)).toHaveAttribute('href', 'https://wa.me/910000000000');
  });
});

describe('the chat message in the site settings', () => {
  it('refuses words in braces other than {name}', () => {
    const result = SiteSchema.safeParse({ ...site, contact: { ...site.contact, chatMessage: { coursePage: 'About {duration}', otherPages: 'Hello' } } });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['contact', 'chatMessage', 'coursePage']);
  });
});
