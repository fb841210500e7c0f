/**
 * The editor's live preview (editor/app/PreviewApp.tsx, preview-links.ts): the page drawn by the
 * site's own components from the data the editor posts, one broken section shown as a notice while
 * the others render, the answer after each render, and links that do not take the preview away.
 */
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PreviewApp, PreviewPage, previewSections, previewSite, previewTitle, withSiteDraft } from '../../editor/app/PreviewApp';
import type { ContentResponse, Json } from '../../editor/protocol/api';
import { keepLinksInNewTabs } from '../../editor/app/preview-links';
import { testSite } from '../helpers/render';

const content: ContentResponse = { routes: [], images: [], files: [], site: testSite, menu: testSite.menu, imageSizes: {}, today: '2027-01-11' };

const page: Json = {
  meta: { title: 'ETABS | CESA', description: 'A course.', keywords: ['ETABS'] },
  sections: [
    { type: 'hero', title: 'ETABS V-22' },
    // A question without its answer: this section cannot be drawn.
    { type: 'faq', title: 'Placement FAQ', items: [{ question: 'Why CESA?' }] },
    { type: 'prose', title: 'Overview', body: 'Model, analyse and design buildings.' },
  ],
};

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('the preview', () => {
  it('draws valid sections with the site’s components and a broken one as a notice, in the site’s layout', () => {
    render(<PreviewPage content={content} shown={{ id: 1, route: '/etabs', title: null, sections: previewSections(page).sections }} />);
    expect(screen.getByRole('heading', { level: 1, name: 'ETABS V-22' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Overview' })).toBeInTheDocument();
    expect(screen.getByText('Model, analyse and design buildings.')).toBeInTheDocument();
    const notice = screen.getByRole('note');
    expect(notice).toHaveTextContent('This section has errors (see the form)');
    expect(notice).toHaveTextContent('Section 2 (faq)');
    expect(screen.queryByText('Why CESA?')).not.toBeInTheDocument();
    // The frame of every page: the header's menu and the footer.
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });

  it('draws the page around the site settings being edited: their phone number and the menu the draft makes', () => {
    const draft = { ...structuredClone(testSite), contact: { ...testSite.contact, phone: '+91 12345 67890' } } as unknown as Json;
    const siteDraft = previewSite(draft, [{ label: 'Drafted menu', href: '/', items: [] }]);
    const shown = { id: 1, route: '/', title: null, sections: previewSections(page).sections, siteDraft };
    render(<PreviewPage content={withSiteDraft(content, siteDraft)} shown={shown} />);
    expect(document.querySelector('.floating-actions__button--call')).toHaveAttribute('href', 'tel:+911234567890');
    expect(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Drafted menu' })).toBeInTheDocument();
  });

  it('says the site settings have errors while the draft is not valid, instead of the page', () => {
    const siteDraft = previewSite({ name: 'CESA' }, undefined);
    expect(siteDraft).toEqual({ site: null, menu: undefined });
    const shown = { id: 1, route: '/', title: null, sections: previewSections(page).sections, siteDraft };
    render(<PreviewPage content={withSiteDraft(content, siteDraft)} shown={shown} />);
    expect(screen.getByText('The site settings have errors')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'ETABS V-22' })).not.toBeInTheDocument();
  });

  it('shows the course’s facts where a section names them, and follows a fact changed in the course block', () => {
    const course = (duration: string): Json => ({
      meta: { title: '{name} | CESA', description: 'd', keywords: ['k'], course: { name: 'Tekla Structures', group: 'bim', duration } },
      sections: [
        { type: 'hero', title: '{name}' },
        { type: 'facts', items: [{ label: 'Duration', value: '{duration}' }] },
        { type: 'course-cards', cards: [{ course: '/etabs', image: { src: '/images/etabs.svg', alt: 'ETABS' } }] },
      ],
    });
    const first = previewSections(course('40 hours'));
    const withCourses = { ...content, courses: { '/etabs': { name: 'ETABS', duration: '15, 25 or 45 hours' } } };
    const { rerender } = render(<PreviewPage content={withCourses} shown={{ id: 1, route: '/tekla', title: null, sections: first.sections }} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Tekla Structures' })).toBeInTheDocument();
    expect(screen.getByText('40 hours')).toBeInTheDocument();
    // Another course page's card: its name, duration and link from that page.
    expect(screen.getByRole('heading', { name: 'ETABS' })).toBeInTheDocument();
    expect(screen.getByText('15, 25 or 45 hours')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Learn More: ETABS' })).toHaveAttribute('href', '/etabs');

    const second = previewSections(course('55 hours'), first.known);
    rerender(<PreviewPage content={withCourses} shown={{ id: 2, route: '/tekla', title: null, sections: second.sections }} />);
    expect(screen.getByText('55 hours')).toBeInTheDocument();
    expect(screen.queryByText('40 hours')).not.toBeInTheDocument();
    expect(previewTitle(course('55 hours'))).toBe('Tekla Structures | CESA');
  });

  it('marks an unknown section type as broken too', () => {
    const { sections } = previewSections({ sections: [{ type: 'carousel', title: 'Slides' }] });
    expect(sections).toEqual([{ ok: false, type: 'carousel' }]);
  });

  it('keeps an unchanged section as it was, so a keystroke draws only the section it changed', () => {
    const first = previewSections(page);
    const edited = { ...(page as object), sections: [{ type: 'hero', title: 'ETABS V-23' }, ...(page as { sections: Json[] }).sections.slice(1)] };
    const second = previewSections(edited, first.known).sections;
    expect(second[0]).not.toBe(first.sections[0]);
    expect(second[0]).toMatchObject({ ok: true, section: { title: 'ETABS V-23' } });
    expect(second[1]).toBe(first.sections[1]);
    expect(second[2]).toBe(first.sections[2]);
  });

  it('says so when the site settings have errors', () => {
    render(<PreviewPage content={{ ...content, site: null }} shown={{ id: 1, route: '/etabs', title: null, sections: previewSections(page).sections }} />);
    expect(screen.getByText('The preview needs the site settings')).toBeInTheDocument();
  });

  it('says it is ready, draws what the editor posts, answers with the change’s id, and ignores other origins', async () => {
    vi.stubGlobal('fetch', () => Promise.resolve(new Response(JSON.stringify(content), { status: 200 })));
    // In jsdom the preview has no parent frame: window.parent is the window itself.
    // What the page showed each time it said it had drawn a change.
    const drawn: (string | null | undefined)[] = [];
    const post = vi.spyOn(window, 'postMessage').mockImplementation((message: unknown) => {
      if ((message as { type?: string } | null)?.type === 'cesa-preview-rendered') drawn.push(document.querySelector('h1')?.textContent);
    });
    render(<PreviewApp />);
    expect(post).toHaveBeenCalledWith({ type: 'cesa-preview-ready' }, window.location.origin);

    const send = (id: number, data: Json, origin = window.location.origin) =>
      act(() => {
        window.dispatchEvent(new MessageEvent('message', { data: { type: 'cesa-preview', id, route: '/etabs', data, sentAt: 0 }, origin, source: window }));
      });

    send(1, page);
    expect(await screen.findByRole('heading', { level: 1, name: 'ETABS V-22' })).toBeInTheDocument();
    await waitFor(() => expect(post).toHaveBeenCalledWith({ type: 'cesa-preview-rendered', id: 1, at: expect.any(Number) as number }, window.location.origin));
    expect(document.title).toBe('Preview: ETABS | CESA');

    const retitled = (title: string) => ({ ...(page as object), sections: [{ type: 'hero', title }] });
    send(2, retitled('ETABS from elsewhere'), 'http://elsewhere.example');
    expect(screen.getByRole('heading', { level: 1, name: 'ETABS V-22' })).toBeInTheDocument();
    // Messages are handled in the order they come: once the next one is drawn, the one from
    // elsewhere would have been drawn before it, and said so.
    send(3, retitled('ETABS V-23'));
    expect(await screen.findByRole('heading', { level: 1, name: 'ETABS V-23' })).toBeInTheDocument();
    await waitFor(() => expect(post).toHaveBeenCalledWith(expect.objectContaining({ type: 'cesa-preview-rendered', id: 3 }), window.location.origin));
    expect(post).not.toHaveBeenCalledWith(expect.objectContaining({ id: 2 }), expect.anything());
    expect(drawn).toEqual(['ETABS V-22', 'ETABS V-23']);
  });

  it('opens links in a new tab instead of leaving the preview; links within the page still work', async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    keepLinksInNewTabs(document);
    const user = userEvent.setup();
    render(
      <div>
        <a href="/contact">Contact</a>
        <a href="#main">Skip</a>
      </div>,
    );
    await user.click(screen.getByRole('link', { name: 'Contact' }));
    expect(open).toHaveBeenCalledWith(`${window.location.origin}/contact`, '_blank', 'noopener');
    expect(window.location.pathname).not.toBe('/contact');
    open.mockClear();
    await user.click(within(document.body).getByRole('link', { name: 'Skip' }));
    expect(open).not.toHaveBeenCalled();
  });
});
