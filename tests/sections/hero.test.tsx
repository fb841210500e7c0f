import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { renderSection, withBehaviours } from '../helpers/render';

const plain = {
  type: 'hero',
  eyebrow: 'Since 2004',
  title: 'A dream to lead, a will to succeed',
  subtitle: 'We build visions',
  text: 'Classroom and online training.\n\nLive projects and certification.',
  points: ['AutoCAD', 'STAAD.Pro', 'ETABS'],
  actions: [
    { label: 'Enroll Now', href: '/contact' },
    { label: 'Apply online', href: 'form' },
  ],
};

describe('hero', () => {
  it('is the page h1 when it is the first section', () => {
    renderSection(plain, 0);
    expect(screen.getByRole('heading', { level: 1, name: plain.title })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 2 })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: plain.title })).toBeInTheDocument();
  });

  it('is an h2 further down the page', () => {
    renderSection(plain, 3);
    expect(screen.getByRole('heading', { level: 2, name: plain.title })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
  });

  it('shows eyebrow, subtitle, paragraphs and points', () => {
    renderSection(plain, 0);
    expect(screen.getByText('Since 2004')).toBeInTheDocument();
    expect(screen.getByText('We build visions')).toBeInTheDocument();
    expect(screen.getByText('Live projects and certification.')).toBeInTheDocument();
    const points = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(points.map((item) => item.textContent)).toEqual(['AutoCAD', 'STAAD.Pro', 'ETABS']);
  });

  it('puts its actions before its points, so a long list never pushes the first action down', () => {
    renderSection(plain, 0);
    const enroll = screen.getByRole('link', { name: 'Enroll Now' });
    const list = screen.getByRole('list');
    expect(enroll.compareDocumentPosition(list) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('sets short points (software names) as chips and sentences as bullets', () => {
    const { container, unmount } = renderSection(plain, 0);
    expect(container.querySelector('.hero__points')).toHaveClass('hero__points--chips');
    unmount();
    const { container: long } = renderSection({ ...plain, points: ['AutoCAD', 'Analysis and design of every member of an RCC building, by hand'] }, 0);
    expect(long.querySelector('.hero__points')).not.toHaveClass('hero__points--chips');
  });

  it('renders actions as buttons: the first primary, the rest ghost; form opens the external form in a new tab', () => {
    renderSection(plain, 0);
    const enroll = screen.getByRole('link', { name: 'Enroll Now' });
    expect(enroll).toHaveAttribute('href', '/contact');
    expect(enroll).toHaveClass('button');
    expect(enroll).not.toHaveClass('button--ghost');
    const apply = screen.getByRole('link', { name: 'Apply online' });
    expect(apply).toHaveAttribute('href', 'https://forms.example.com/cesa-enquiry');
    expect(apply).toHaveAttribute('target', '_blank');
    expect(apply).toHaveAttribute('rel', 'noopener noreferrer');
    expect(apply).toHaveClass('button', 'button--ghost');
  });

  it('shows a banner image loaded at once, with the title as alt when none is given, and the enquiry form’s QR code', () => {
    const { container } = renderSection({ type: 'hero', title: 'ETABS', image: '/images/etabs.webp', qr: true }, 0);
    expect(container.querySelector('section')).toHaveClass('hero--banner');
    const banner = screen.getByRole('img', { name: 'ETABS' });
    expect(banner).toHaveAttribute('src', '/images/etabs.webp');
    expect(banner).toHaveAttribute('loading', 'eager');
    expect(screen.getByRole('img', { name: 'QR code that opens the enquiry form, forms.example.com/cesa-enquiry' })).toBeInTheDocument();
  });
});

describe('video hero', () => {
  const videoHero = {
    type: 'hero',
    title: 'Build your career',
    video: { src: '/videos/hero.mp4', poster: '/images/hero-poster.jpg' },
    actions: [{ label: 'Contact Today', href: '/contact' }],
  };
  let reducedMotion = false;
  let play: MockInstance<HTMLMediaElement['play']>;
  let pause: MockInstance<HTMLMediaElement['pause']>;

  beforeEach(() => {
    reducedMotion = false;
    // jsdom has neither matchMedia nor media playback: stand in for both, with the state and the events a browser has.
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === '(prefers-reduced-motion: reduce)' && reducedMotion,
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
    const playing = new WeakSet<HTMLMediaElement>();
    vi.spyOn(HTMLMediaElement.prototype, 'paused', 'get').mockImplementation(function (this: HTMLMediaElement) {
      return !playing.has(this);
    });
    play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
      playing.add(this);
      this.dispatchEvent(new Event('play'));
      return Promise.resolve();
    });
    pause = vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLMediaElement) {
      playing.delete(this);
      this.dispatchEvent(new Event('pause'));
    });
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('renders a muted, looping, inline video with its poster, and no autoplay attribute', () => {
    const { container } = renderSection(videoHero, 0);
    const video = container.querySelector('video');
    expect(video).not.toBeNull();
    expect(video).toHaveAttribute('poster', '/images/hero-poster.jpg');
    expect(video).toHaveAttribute('loop');
    expect(video).toHaveAttribute('playsinline');
    expect(video).not.toHaveAttribute('autoplay');
    expect(video?.muted).toBe(true);
    expect(container.querySelector('video source')).toHaveAttribute('src', '/videos/hero.mp4');
    expect(screen.getByRole('heading', { level: 1, name: 'Build your career' })).toBeInTheDocument();
  });

  it('shows no button and plays nothing without its script: the poster stays', () => {
    renderSection(videoHero, 0);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(play).not.toHaveBeenCalled();
  });

  it('starts playing once its script runs, and the button pauses and resumes it', async () => {
    const user = userEvent.setup();
    await withBehaviours(renderSection(videoHero, 0));
    expect(play).toHaveBeenCalledTimes(1);

    await user.click(screen.getByRole('button', { name: 'Pause video' }));
    expect(pause).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button', { name: 'Pause video' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Play video' }));
    expect(play).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('button', { name: 'Pause video' })).toBeVisible();
  });

  it('does not start by itself when the visitor prefers reduced motion, but can be played', async () => {
    reducedMotion = true;
    const user = userEvent.setup();
    await withBehaviours(renderSection(videoHero, 0));
    expect(play).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Play video' }));
    expect(play).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Pause video' })).toBeVisible();
  });

  it('keeps offering Play when the browser refuses to start the video', async () => {
    play.mockImplementation(() => Promise.reject(new DOMException('blocked', 'NotAllowedError')));
    await withBehaviours(renderSection(videoHero, 0));
    await act(async () => {
      await Promise.resolve();
    });
    expect(play).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Play video' })).toBeVisible();
  });
});
