/**
 * What a visitor's browser gets for an image: a processed photo is a <picture> of AVIF and WebP files
 * at several widths with the slot's `sizes`, its box reserved (width, height) and painted with its
 * placeholder colour, lazy unless it is in the first screen; the original is never named. SVG is the file.
 */
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { headOf } from '../../src/app/head';
import { structuredData } from '../../src/app/structured-data';
import { IMAGE_SLOTS } from '../../src/content/images';
import type { ImageSizes } from '../../src/page/image-sizes';
import { Img } from '../../src/ui/Img';
import { SectionSchema } from '../../src/content/page-schema';
import { SectionSlot } from '../../src/sections/section-slot';
import { renderWithSite, testSite } from '../helpers/render';
import { TEST_TODAY } from '../helpers/render';

const photo = { width: 1600, height: 1200, variants: { id: '0123456789abcdef0123', widths: [480, 800, 1200, 1600], tint: '534' } };
const images: ImageSizes = { '/images/hero.jpg': photo, '/images/logo.svg': { width: 120, height: 40 } };

/** Every URL the element and its descendants make the browser fetch. */
function urlsOf(element: Element): string[] {
  return [element, ...element.querySelectorAll('*')].flatMap((node) =>
    ['src', 'srcset', 'poster'].flatMap((attribute) => (node.getAttribute(attribute) ?? '').split(',').map((candidate) => candidate.trim().split(' ')[0]!).filter(Boolean)),
  );
}

describe('<Img>', () => {
  it('a processed photo: AVIF then WebP at every width, sizes, width and height, placeholder colour, lazy', () => {
    const { container } = renderWithSite(<Img image={{ src: '/images/hero.jpg', alt: 'A classroom' }} slot="card" className="card__image" />, { images });
    const picture = container.querySelector('picture')!;
    const source = picture.querySelector('source')!;
    expect(source).toHaveAttribute('type', 'image/avif');
    expect(source).toHaveAttribute(
      'srcset',
      '/_img/0123456789abcdef0123-480.avif 480w, /_img/0123456789abcdef0123-800.avif 800w, /_img/0123456789abcdef0123-1200.avif 1200w, /_img/0123456789abcdef0123-1600.avif 1600w',
    );
    expect(source).toHaveAttribute('sizes', IMAGE_SLOTS.card.sizes);
    const image = screen.getByRole('img', { name: 'A classroom' });
    expect(image.parentElement).toBe(picture);
    expect(image.getAttribute('srcset')).toMatch(/^\/_img\/0123456789abcdef0123-480\.webp 480w, .* \/_img\/0123456789abcdef0123-1600\.webp 1600w$/);
    expect(image).toHaveAttribute('src', '/_img/0123456789abcdef0123-800.webp');
    expect(image).toHaveAttribute('sizes', IMAGE_SLOTS.card.sizes);
    expect(image).toHaveAttribute('width', '1600');
    expect(image).toHaveAttribute('height', '1200');
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(image).not.toHaveAttribute('fetchpriority');
    expect(image).toHaveClass('card__image', 'tint', 'tr5', 'tg3', 'tb4');
    // Nothing points at the original: it is not in the site.
    expect(urlsOf(picture).every((url) => url.startsWith('/_img/'))).toBe(true);
  });

  it('the page\'s main image is fetched at once and first; a component may give its own sizes', () => {
    renderWithSite(<Img image={{ src: '/images/hero.jpg', alt: 'Main' }} slot="hero" priority sizes="50vw" />, { images });
    const image = screen.getByRole('img', { name: 'Main' });
    expect(image).toHaveAttribute('loading', 'eager');
    expect(image).toHaveAttribute('fetchpriority', 'high');
    expect(image).toHaveAttribute('sizes', '50vw');
  });

  it('an SVG (or any image in the dev server, unprocessed) is the file itself, with its size', () => {
    const { container } = renderWithSite(<Img image={{ src: '/images/logo.svg', alt: 'Logo' }} slot="logo" eager />, { images });
    expect(container.querySelector('picture')).toBeNull();
    const image = screen.getByRole('img', { name: 'Logo' });
    expect(image).toHaveAttribute('src', '/images/logo.svg');
    expect(image).not.toHaveAttribute('srcset');
    expect(image).toHaveAttribute('width', '120');
    expect(image).toHaveAttribute('loading', 'eager');
  });
});

describe('images in sections', () => {
  const section = (input: unknown, index = 1) => renderWithSite(<SectionSlot section={SectionSchema.parse(input)} index={index} />, { images });

  it("only the first hero's image is fetched at once and first; a hero further down loads lazily", () => {
    const hero = { type: 'hero', title: 'ETABS', image: { src: '/images/hero.jpg', alt: 'Banner' } };
    const top = section(hero, 0);
    expect(screen.getByRole('img', { name: 'Banner' })).toHaveAttribute('fetchpriority', 'high');
    expect(screen.getByRole('img', { name: 'Banner' })).toHaveAttribute('sizes', IMAGE_SLOTS.hero.sizes);
    top.unmount();
    section(hero, 3);
    expect(screen.getByRole('img', { name: 'Banner' })).toHaveAttribute('loading', 'lazy');
    expect(screen.getByRole('img', { name: 'Banner' })).not.toHaveAttribute('fetchpriority');
  });

  it("a gallery's photos are as wide as its columns: two to a row on a phone too", () => {
    section({ type: 'gallery', columns: 2, images: [{ src: '/images/hero.jpg', alt: 'Students' }] });
    expect(screen.getByRole('img', { name: 'Students' })).toHaveAttribute('sizes', '(min-width: 72rem) 34.3rem, 50vw');
  });

  it("a video's poster is one processed file, with that file's width and height", () => {
    const { container } = section({ type: 'video', title: 'A lesson', src: '/media/lesson.mp4', poster: '/images/hero.jpg' });
    const video = container.querySelector('video')!;
    expect(video).toHaveAttribute('poster', '/_img/0123456789abcdef0123-1600.webp');
    expect(video).toHaveAttribute('width', '1600');
    expect(video).toHaveAttribute('height', '1200');
  });
});

describe('where an image is named outside the page', () => {
  it('a processed logo is named by its largest processed file in og:image and the JSON-LD, never the original', () => {
    const site = { ...testSite, logo: { src: '/images/logo.png', alt: 'CESA' } };
    const logo: ImageSizes = { '/images/logo.png': { width: 480, height: 160, variants: { id: 'abcdefabcdefabcdefab', widths: [160, 320, 480] } } };
    expect(headOf(site, '/', null, logo).ogImage).toBe('https://www.cesa.example.com/_img/abcdefabcdefabcdefab-480.webp');
    expect(JSON.stringify(structuredData(site, '/', null, { today: TEST_TODAY, images: logo }))).toContain('"logo":"https://www.cesa.example.com/_img/abcdefabcdefabcdefab-480.webp"');
    expect(JSON.stringify(structuredData(site, '/', null, { today: TEST_TODAY, images: logo }))).not.toContain('logo.png');
    // An SVG logo is the file itself.
    expect(headOf(testSite, '/', null).ogImage).toBe('https://www.cesa.example.com/images/logo.svg');
  });
});
