/**
 * Images' width and height come from the data the page is rendered from (RenderData.images),
 * through a context: from the file, to the HTML attributes.
 */
import { render, renderHook, screen } from '@testing-library/react';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ReactNode } from 'react';
import { afterAll, describe, expect, it } from 'vitest';
import type { RenderData } from '../../src/app/data';
import { imageSizesOf, loadContent } from '../../src/content/load';
import { render as renderPage } from '../../src/entry-server';
import { ImageSizesProvider, useImageSize } from '../../src/page/image-sizes';
import { Img } from '../../src/ui/Img';

const svg = (width: number, height: number) => `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"/>`;

/** A throwaway project: the site's logo, a page with a hero image and a gallery, an unused image. */
const root = mkdtempSync(path.join(tmpdir(), 'cesa-image-sizes-'));
mkdirSync(path.join(root, 'pages'));
mkdirSync(path.join(root, 'public/images'), { recursive: true });
writeFileSync(path.join(root, 'public/images/logo.svg'), svg(120, 40));
writeFileSync(path.join(root, 'public/images/hero.svg'), svg(800, 600));
writeFileSync(path.join(root, 'public/images/photo.svg'), svg(300, 200));
writeFileSync(path.join(root, 'public/images/other.svg'), svg(10, 10));
writeFileSync(path.join(root, 'pages/_site.yaml'), readFileSync(path.join(import.meta.dirname, '../fixtures/site.yaml'), 'utf8'));
writeFileSync(
  path.join(root, 'pages/index.yaml'),
  `meta:\n  title: Home\n  description: d\n  keywords: [k]\nsections:\n  - type: hero\n    title: Home\n    image: { src: /images/hero.svg, alt: A classroom }\n` +
    `  - type: gallery\n    images:\n      - { src: /images/photo.svg, alt: Students }\n`,
);
writeFileSync(
  path.join(root, 'pages/other.yaml'),
  `meta:\n  title: Other\n  description: d\n  keywords: [k]\nsections:\n  - type: hero\n    title: Other\n    image: /images/other.svg\n`,
);
afterAll(() => rmSync(root, { recursive: true, force: true }));

const content = loadContent({ root });
const home = content.pages.find((entry) => entry.route === '/')!;

describe('image sizes beside the pages', () => {
  it('a page carries the sizes of the images it and the site show, and no others', () => {
    expect(content.errors).toEqual([]);
    expect(imageSizesOf(content.images, { site: content.site, page: home.page })).toEqual({
      '/images/logo.svg': { width: 120, height: 40 },
      '/images/hero.svg': { width: 800, height: 600 },
      '/images/photo.svg': { width: 300, height: 200 },
    });
  });

  it('the prerendered HTML has each image\'s width and height, from the sizes in its data', () => {
    const data: RenderData = { route: '/', today: '2027-01-11', site: content.site!, menu: content.menu, page: home.page, images: imageSizesOf(content.images, { site: content.site, page: home.page }) };
    const html = renderPage(data);
    expect(html).toMatch(/<img src="\/images\/logo.svg" alt="[^"]*" width="120" height="40"/);
    expect(html).toMatch(/<img src="\/images\/hero.svg" alt="A classroom" width="800" height="600"/);
    expect(html).toMatch(/<img src="\/images\/photo.svg" alt="Students" width="300" height="200"/);
    // Without the sizes, no attributes: they come from the data, not from the page.
    expect(renderPage({ ...data, images: {} })).not.toMatch(/width="800"/);
  });

  it("inner providers add a page's sizes to the site's", () => {
    const wrapper = ({ children }: { children: ReactNode }) => (
      <ImageSizesProvider sizes={{ '/a.svg': { width: 1, height: 2 } }}>
        <ImageSizesProvider sizes={{ '/b.svg': { width: 3, height: 4 } }}>{children}</ImageSizesProvider>
      </ImageSizesProvider>
    );
    expect(renderHook(() => [useImageSize('/a.svg'), useImageSize('/b.svg'), useImageSize('/c.svg')], { wrapper }).result.current).toEqual([
      { width: 1, height: 2 },
      { width: 3, height: 4 },
      undefined,
    ]);
  });

  it('<Img> without a measured size has no width or height', () => {
    render(<Img image={{ src: '/images/unknown.svg', alt: 'Unknown' }} slot="card" />);
    const image = screen.getByRole('img', { name: 'Unknown' });
    expect(image).not.toHaveAttribute('width');
    expect(image).not.toHaveAttribute('height');
  });
});
