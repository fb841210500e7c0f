/**
 * src/islands/static-markup.ts writes what React's renderToStaticMarkup writes, byte for byte: on every
 * page of the site (its photos as the build's <picture>s, and as plain files), the 404 page, synthetic
 * pages, and element trees made to reach each of React's rules (attributes, ids of useId deep in the
 * tree, image preloads). Where it gives a page up to React, the page is still React's, whole.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createContext, Fragment, useContext, useId, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, describe, expect, it } from 'vitest';
import { App } from '../../src/app/App';
import type { RenderData } from '../../src/app/data';
import { courseIndexOf } from '../../src/content/course-facts';
import type { ImageSize } from '../../src/content/fields';
import { imageSizesOf, loadContent, type Content } from '../../src/content/load';
import { render } from '../../src/entry-server';
import { IslandCollector, IslandCollectorContext } from '../../src/islands/Island';
import { renderWithIslands } from '../../src/islands/render';
import { staticMarkup } from '../../src/islands/static-markup';
import { writeSyntheticProject } from '../../scripts/bench/synthetic';

const project = path.resolve(import.meta.dirname, '../..');

/** The static part of a page, by this module and by React, each with its own collector. */
function both(node: ReactNode): { ours: string | undefined; react: string } {
  const wrap = () => <IslandCollectorContext value={new IslandCollector()}>{node}</IslandCollectorContext>;
  return { ours: staticMarkup(wrap()), react: renderToStaticMarkup(wrap()) };
}

/** Every page of `content` as the build renders it, `photos`: its raster images as processed pictures. */
function pagesOf(content: Content, photos: boolean): RenderData[] {
  const courses = courseIndexOf(content.facts.map((facts) => facts.summary));
  const withVariants = (images: Record<string, ImageSize>) =>
    Object.fromEntries(
      Object.entries(images).map(([src, size], index): [string, ImageSize] => [
        src,
        photos && !src.endsWith('.svg') ? { ...size, variants: { id: `p${index}`, widths: [400, 800, 1200].filter((width) => width <= size.width || width === 400), tint: index % 2 ? '534' : undefined } } : size,
      ]),
    );
  const data = content.pages.map(({ route, page }): RenderData => ({ route, today: '2027-01-11', site: content.site!, menu: content.menu, courses, page, images: withVariants(imageSizesOf(content.images, { site: content.site, page })) }));
  return [...data, { route: '/missing', today: '2027-01-11', site: content.site!, menu: content.menu, courses, page: null, images: withVariants(imageSizesOf(content.images, { site: content.site })) }];
}

describe('the pages', () => {
  const content = loadContent({ root: project });
  for (const photos of [false, true]) {
    it(`of the site are written as React writes them (${photos ? 'photos as pictures' : 'images as files'})`, () => {
      expect(content.errors).toEqual([]);
      const pages = pagesOf(content, photos);
      expect(pages.length).toBeGreaterThan(50);
      for (const data of pages) {
        const { ours, react } = both(<App data={data} />);
        // Never given up to React on the site's own pages: the fast path is the one that runs.
        expect(ours, data.route).toBeDefined();
        expect(ours, data.route).toBe(react);
      }
    });
  }

  it('of the site, islands filled in, are the same HTML either way', () => {
    for (const data of pagesOf(content, true)) expect(render(data), data.route).toBe(renderWithIslands(<App data={data} />, { react: true }));
  });

  const synthetic = mkdtempSync(path.join(tmpdir(), 'cesa-static-markup-'));
  afterAll(() => rmSync(synthetic, { recursive: true, force: true }));
  it('of a synthetic site are written as React writes them', () => {
    writeSyntheticProject(synthetic, 60, { sharedCard: true, courseEvery: 7 });
    const generated = loadContent({ root: synthetic });
    expect(generated.errors).toEqual([]);
    for (const data of pagesOf(generated, false)) {
      const { ours, react } = both(<App data={data} />);
      expect(ours, data.route).toBeDefined();
      expect(ours, data.route).toBe(react);
    }
  });
});

/** Elements that reach React's rules one by one: each written as React writes it. */
const Theme = createContext('light');
function Labelled({ children }: { children?: ReactNode }) {
  const id = useId();
  const other = useId();
  return (
    <section aria-labelledby={id} aria-describedby={other}>
      <h2 id={id}>{useContext(Theme)}</h2>
      {children}
    </section>
  );
}
/** A tree deep and wide enough that useId's position outgrows 30 bits (React's overflow). */
function Deep({ depth }: { depth: number }): ReactNode {
  if (depth === 0) return <Labelled />;
  return (
    <div>
      {Array.from({ length: 9 }, (_, index) => (index === depth % 9 ? <Deep key={index} depth={depth - 1} /> : <span key={index}>{index}</span>))}
    </div>
  );
}

const cases: Record<string, ReactNode> = {
  'text and attributes escaped': (
    <p title={`"Fish" & 'chips' <b>`} data-x="a&b">
      {'5 < 6 & "quotes" \'too\''}
      {7}
      {null}
      {false}
      {'after'}
    </p>
  ),
  'React names and booleans': (
    <div className="a" tabIndex={-1} role="note" hidden aria-hidden data-open={false} data-shown>
      <video muted loop playsInline autoPlay={false} preload="none" poster="/p.jpg" />
      <ol start={3} reversed>
        <li value={2}>x</li>
      </ol>
      <a href="" download>
        empty href
      </a>
      <img src="" alt="" />
      <td colSpan={2} rowSpan={2} />
      <svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true" focusable="false">
        <path d="M0 0h24v24H0z" fill="none" />
      </svg>
      <button type="button" aria-expanded={false} aria-controls="x" onClick={() => undefined}>
        Menu
      </button>
      <label htmlFor="x">label</label>
      <time dateTime="2026-11-28" itemProp="startDate">
        28 November
      </time>
      <button type="button" popoverTarget="menu" popoverTargetAction="toggle" command="show-modal" commandfor="dialog">
        Open
      </button>
      <details open>
        <summary>More</summary>
      </details>
      <span inert={false} draggable={false} spellCheck tabIndex={0} dir="ltr">
        {''}
        {0}
      </span>
    </div>
  ),
  styles: <div style={{ color: 'red', marginTop: 0, '--gap': ' 1rem ', backgroundImage: 'url("a.png")', msTransform: 'none', opacity: '' } as never} />,
  'raw HTML, scripts and custom elements': (
    <>
      <div dangerouslySetInnerHTML={{ __html: '<b>raw</b>' }} />
      <script type="application/json" id="i0-props" dangerouslySetInnerHTML={{ __html: '{"a":1}' }} />
      <cesa-island id="i0" data-island="brochure" data-when="visible" data-hint={undefined} className="c" hidden={true} data-off={false} />
    </>
  ),
  'ids of useId through contexts, arrays and fragments': (
    <Theme value="dark">
      <Labelled>
        {[1, 2, 3].map((n) => (
          <Fragment key={n}>
            <Labelled />
            {n}
          </Fragment>
        ))}
      </Labelled>
      <Labelled />
      <Deep depth={12} />
    </Theme>
  ),
  'image preloads: eager, lazy, high, repeated, data URLs, pictures, and more than ten': (
    <div>
      <img src="/lazy.png" loading="lazy" alt="" />
      <img src="/low.png" fetchPriority="low" alt="" />
      <img src="data:image/png;base64,AAAA" alt="" />
      <picture>
        <source type="image/avif" srcSet="/a-400.avif 400w" sizes="50vw" />
        <img src="/in-picture.webp" srcSet="/a-400.webp 400w" sizes="50vw" alt="" />
      </picture>
      {Array.from({ length: 13 }, (_, index) => (
        <img key={index} src={`/photo-${index}.jpg`} alt="" />
      ))}
      <img src="/photo-11.jpg" fetchPriority="high" alt="" />
      <img src="/hero.jpg" srcSet="/hero-400.jpg 400w, /hero-800.jpg 800w" sizes="100vw" fetchPriority="high" crossOrigin="anonymous" referrerPolicy="no-referrer" alt="" />
      <img src="/photo-1.jpg" alt="again" />
    </div>
  ),
};

describe('element trees', () => {
  for (const [name, node] of Object.entries(cases)) {
    it(`${name}: as React writes them`, () => {
      const { ours, react } = both(node);
      expect(ours).toBeDefined();
      expect(ours).toBe(react);
    });
  }

  it('what React writes by a rule of its own is left to React, and the page is still React\'s', () => {
    for (const node of [
      <form action="/x" key="form" />,
      <title key="title">t</title>,
      <pre key="pre">{'\nline'}</pre>,
      <div style={{ width: 10 }} key="px" />,
      <a href="javascript:alert(1)" key="js">x</a>,
      <svg key="svg">
        <foreignObject />
      </svg>,
    ]) {
      expect(staticMarkup(node)).toBeUndefined();
      expect(renderWithIslands(node)).toBe(renderWithIslands(node, { react: true }));
    }
  });

  it('a component\'s own error is React\'s to report, as before', () => {
    function Broken(): ReactNode {
      throw new Error('the component broke');
    }
    expect(() => renderWithIslands(<Broken />)).toThrow('the component broke');
  });
});
