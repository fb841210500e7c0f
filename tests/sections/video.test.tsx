import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SectionSchema } from '../../src/content/page-schema';
import { SectionSlot } from '../../src/sections/section-slot';
import { renderSection, renderWithSite } from '../helpers/render';

describe('video', () => {
  it('shows an h2 and a video with controls that loads nothing before play, named by the title', () => {
    const { container } = renderSection({
      type: 'video',
      title: 'AutoCAD in ten minutes',
      text: 'A tour of the course.',
      src: '/videos/autocad.mp4',
      poster: '/images/autocad-poster.jpg',
    });
    expect(screen.getByRole('heading', { level: 2, name: 'AutoCAD in ten minutes' })).toBeInTheDocument();
    expect(screen.getByText('A tour of the course.')).toBeInTheDocument();
    const video = screen.getByLabelText('AutoCAD in ten minutes', { selector: 'video' });
    expect(video.tagName).toBe('VIDEO');
    expect(video).toHaveAttribute('controls');
    expect(video).toHaveAttribute('preload', 'none');
    expect(video).toHaveAttribute('poster', '/images/autocad-poster.jpg');
    expect(container.querySelector('video source')).toHaveAttribute('src', '/videos/autocad.mp4');
    expect(container.querySelector('video source')).toHaveAttribute('type', 'video/mp4');
  });

  it('takes its width and height from the poster the build measured', () => {
    const section = SectionSchema.parse({ type: 'video', title: 'Tour', src: '/videos/tour.webm', poster: '/images/tour.jpg' });
    // The sizes come beside the page, as its data carries them; the section is as validated.
    renderWithSite(<SectionSlot section={section} index={1} />, { images: { '/images/tour.jpg': { width: 1280, height: 720 } } });
    const video = screen.getByLabelText('Tour', { selector: 'video' });
    expect(video).toHaveAttribute('width', '1280');
    expect(video).toHaveAttribute('height', '720');
  });
});
