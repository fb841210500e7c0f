// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { datedText, withDatedWords } from '../../src/content/dated-words';
import { render } from '../../src/entry-server';
import { renderHtml } from '../../scripts/builder/prerender';
import { testSite } from '../helpers/render';
import { PageSchema } from '../../src/content/page-schema';

describe('figures that follow from the date', () => {
  it('{year} is the year of the day the page is made for; {years} counts from the founding year', () => {
    expect(datedText('© {year} CESA', { today: '2026-12-31' })).toBe('© 2026 CESA');
    expect(datedText('© {year} CESA', { today: '2027-01-01' })).toBe('© 2027 CESA');
    expect(datedText('With {years} years of experience', { today: '2026-12-08', founded: 2004 })).toBe('With 22 years of experience');
    expect(datedText('{years since 2004} years, since 2004', { today: '2027-01-01' })).toBe('23 years, since 2004');
    // No founding year: the words stay as written (nothing invented).
    expect(datedText('{years} years', { today: '2027-01-01' })).toBe('{years} years');
  });

  it('never makes a text longer than it was, however many figures it names', () => {
    const text = '{year}'.repeat(10_000) + '{years since 2004}'.repeat(10_000);
    expect(datedText(text, { today: '2026-12-08' }).length).toBeLessThan(text.length);
  });

  it('copies only what changed', () => {
    const page = { a: { b: ['plain', 'x'] }, c: ['© {year}'] };
    const dated = withDatedWords(page, { today: '2026-01-01' });
    expect(dated.a).toBe(page.a);
    expect(dated.c).toEqual(['© 2026']);
  });
});

describe('a page as the build makes it', () => {
  const site = { ...testSite, founded: 2004, footer: { ...testSite.footer, copyright: '© {year} CESA' } };
  const page = PageSchema.parse({
    meta: { title: 'Contact | CESA', description: 'Training engineers for {years} years.', keywords: ['CESA'] },
    sections: [{ type: 'hero', title: 'Contact', text: 'With {years} years of experience in training civil engineers.' }],
  });
  const html = (today: string) => renderHtml({ render }, { html: '<head><!--app-head--></head><body><!--app-html--></body>', partChunks: {} }, { route: '/contact', today, site, menu: [], page, images: {} });

  it('shows the © year and the years since the founding for its date, in the body and the head', () => {
    const made = html('2026-12-08');
    expect(made).toContain('© 2026 CESA');
    expect(made).toContain('With 22 years of experience');
    expect(made).toContain('Training engineers for 22 years.');
    expect(made).not.toContain('{year');
    const next = html('2027-01-01');
    expect(next).toContain('© 2027 CESA');
    expect(next).toContain('With 23 years of experience');
  });
});
