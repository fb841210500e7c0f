/**
 * What a visitor sees of a page's layout at one screen width, measured in the page itself: its
 * height, where the hero's first action is, what leaves the screen or its box, e-mail and phone
 * links broken over two lines, how many items a row of the dense grids holds, headings with nothing
 * under them, and what the floating call and chat controls cover. Used by `npm run audit:phone`
 * (commands/audit-phone.ts) and by the browser tests of the phone layout (tests/browser/phone.test.ts).
 *
 * The page is measured as loaded (its script run, no interaction): `measureLayout` scrolls it to the
 * end for the floating controls and back to the top.
 */
import type { Page } from 'playwright-core';

/** The screens of issue 29: the narrowest phone, the common phone (390 × 844), a laptop. */
export const LAYOUT_SCREENS = {
  320: { width: 320, height: 568 },
  390: { width: 390, height: 844 },
  1280: { width: 1280, height: 800 },
} as const;
export type LayoutWidth = keyof typeof LAYOUT_SCREENS;
export const LAYOUT_WIDTHS = Object.keys(LAYOUT_SCREENS).map(Number) as LayoutWidth[];

/** The grids whose density is measured, by the CSS class of their list. */
export const DENSE_GRIDS = { logos: '.logos', gallery: '.gallery', facts: '.facts' } as const;
export type DenseGrid = keyof typeof DENSE_GRIDS;

export interface LayoutMeasure {
  /** document height, px. */
  height: number;
  /** The hero's first link or button: its bottom edge from the top of the page (null: the hero has none). */
  heroAction: { label: string; bottom: number } | null;
  /** document.scrollWidth beyond the screen's width, px (0: no sideways scrolling). */
  overflowX: number;
  /** Text that leaves the box holding it, or the screen: "selector: text". */
  overflowingText: string[];
  /** mailto: and tel: links whose text runs over more than one line. */
  brokenContactLinks: string[];
  /** For each dense grid on the page, the items of its first row (and of how many). */
  grids: { kind: DenseGrid; perRow: number; items: number }[];
  /** Headings (and bold labels opening a block) with nothing (no text, picture or control) between them and the next heading of their level or above. */
  emptyHeadings: string[];
  /** Each part of the page (main's sections, the header and the footer) with its height, top to bottom. */
  parts: { part: string; height: number }[];
  /** Text under the floating call/chat controls with the page scrolled to its end. */
  coveredAtEnd: string[];
  /** The floating controls cover the hero's first action on the first screen. */
  coversHeroAction: boolean;
}

/**
 * Measures the page as shown. The page must be loaded at the screen's size; the function runs in
 * the page (no named functions inside it: tsx would wrap them in a helper the page does not have).
 */
export async function measureLayout(page: Page): Promise<LayoutMeasure> {
  await page.evaluate(() => window.scrollTo(0, 0));
  const top = await page.evaluate(measureInPage, { grids: DENSE_GRIDS, atEnd: false });
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  // A frame for the scroll to be painted and sticky/fixed boxes to settle.
  await page.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))));
  const end = await page.evaluate(measureInPage, { grids: DENSE_GRIDS, atEnd: true });
  await page.evaluate(() => window.scrollTo(0, 0));
  return { ...top, coveredAtEnd: end.covered };
}

interface InPage extends Omit<LayoutMeasure, 'coveredAtEnd'> {
  covered: string[];
}

function measureInPage({ grids, atEnd }: { grids: Record<DenseGrid, string>; atEnd: boolean }): InPage {
  const doc = document.documentElement;
  const width = window.innerWidth;
  const describe = (element: Element, text?: string): string => {
    const classes = [...element.classList].slice(0, 2).map((name) => `.${name}`).join('');
    const words = (text ?? element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 60);
    return `${element.tagName.toLowerCase()}${classes}: ${words}`;
  };
  const rendered = (element: Element): boolean =>
    element.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true }) && !element.closest('.visually-hidden, dialog:not([open]), [hidden]');
  /** Line boxes of a node's text: one rect per line fragment. */
  const textRects = (node: Node): DOMRect[] => {
    const range = document.createRange();
    range.selectNodeContents(node);
    return [...range.getClientRects()].filter((rect) => rect.width > 0.5 && rect.height > 0.5);
  };
  /** Line boxes of an element's visible text (not the words kept for screen readers only). */
  const visibleTextRects = (element: Element): DOMRect[] => {
    const rects: DOMRect[] = [];
    const texts = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = texts.nextNode(); node; node = texts.nextNode()) {
      if (node.textContent?.trim() && node.parentElement && rendered(node.parentElement)) rects.push(...textRects(node));
    }
    return rects;
  };
  /**
   * The ancestor that scrolls what leaves it sideways (a table's frame): text beyond its box can be
   * scrolled to there. One that hides it (a card's overflow: hidden) excuses nothing: that text is cut off.
   */
  const clippedBy = (element: Element): Element | null => {
    for (let node = element.parentElement; node && node !== doc; node = node.parentElement) {
      const style = getComputedStyle(node);
      if (style.overflowX === 'auto' || style.overflowX === 'scroll') return node;
    }
    return null;
  };

  // The hero: the first section of main. Its first link or button a visitor can see.
  const hero = document.querySelector('main .hero');
  const firstAction = hero ? [...hero.querySelectorAll('a[href], button')].find((element) => rendered(element)) : undefined;
  const actionBox = firstAction?.getBoundingClientRect();
  const heroAction = firstAction && actionBox ? { label: (firstAction.textContent ?? '').trim(), bottom: Math.round(actionBox.bottom + window.scrollY) } : null;

  // Text leaving its box: each text node against the nearest ancestor that is not inline, and the screen.
  const overflowingText: string[] = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.textContent?.trim()) continue;
    const parent = node.parentElement;
    if (!parent || !rendered(parent) || parent.closest('script, style, noscript, svg, .floating-actions')) continue;
    let box: Element = parent;
    while (box.parentElement && getComputedStyle(box).display.startsWith('inline') && box !== document.body) box = box.parentElement;
    // A flex item (a link beside its label) is as wide as its text even where that leaves the row: the row is the box.
    while (box.parentElement && box !== document.body && /^(inline-)?flex$/.test(getComputedStyle(box.parentElement).display)) box = box.parentElement;
    const frame = box.getBoundingClientRect();
    const scroller = clippedBy(parent);
    const limit = scroller ? null : { left: 0, right: width };
    for (const rect of textRects(node)) {
      const outOfBox = rect.right > frame.right + 1 || rect.left < frame.left - 1;
      const offScreen = limit !== null && (rect.right > limit.right + 1 || rect.left < limit.left - 1);
      if ((outOfBox && !scroller) || offScreen) {
        overflowingText.push(describe(parent, node.textContent));
        break;
      }
    }
  }

  // E-mail addresses and phone numbers over two lines: distinct line tops of the link's text.
  const brokenContactLinks = [...document.querySelectorAll('a[href^="mailto:"], a[href^="tel:"]')]
    .filter((link) => rendered(link))
    .filter((link) => new Set(visibleTextRects(link).map((rect) => Math.round(rect.top))).size > 1)
    .map((link) => describe(link));

  // Items in the first row of each dense grid.
  const gridRows: InPage['grids'] = [];
  for (const [kind, selector] of Object.entries(grids) as [DenseGrid, string][]) {
    for (const grid of document.querySelectorAll(selector)) {
      const items = [...grid.children].filter((child) => rendered(child));
      if (items.length === 0) continue;
      const firstTop = Math.round(items[0]!.getBoundingClientRect().top);
      const perRow = items.filter((item) => Math.abs(Math.round(item.getBoundingClientRect().top) - firstTop) <= 1).length;
      gridRows.push({ kind, perRow, items: items.length });
    }
  }

  // Headings with nothing under them before the next heading of their level or above.
  const headings = [...document.querySelectorAll('h1, h2, h3, h4, h5, h6')].filter((heading) => rendered(heading));
  const emptyHeadings: string[] = [];
  for (const heading of headings) {
    // A question of a closed disclosure: its answer is there, shown when opened.
    const disclosure = heading.closest('summary')?.parentElement;
    if (disclosure instanceof HTMLDetailsElement && [...disclosure.children].some((child) => child.tagName !== 'SUMMARY' && child.textContent?.trim())) continue;
    const level = Number(heading.tagName[1]);
    const after = document.createTreeWalker(document.body, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
    after.currentNode = heading;
    // Skip the heading's own content.
    let node: Node | null = heading;
    while (node && heading.contains(node)) node = after.nextNode();
    let content = false;
    for (; node; node = after.nextNode()) {
      if (node instanceof Element) {
        if (/^H[1-6]$/.test(node.tagName) && Number(node.tagName[1]) <= level && rendered(node)) break;
        if (node.closest('.floating-actions')) continue;
        if (node.matches('img, video, iframe, svg, picture, input, select, textarea, button, a[href]') && rendered(node)) {
          content = true;
          break;
        }
      } else if (node.textContent?.trim() && node.parentElement && rendered(node.parentElement) && !node.parentElement.closest('script, style, .floating-actions')) {
        content = true;
        break;
      }
    }
    if (!content) emptyHeadings.push(describe(heading));
  }

  // A label in bold opening a block that holds nothing else (a branch's name with no address or contact under it).
  for (const label of document.querySelectorAll('li > strong:first-child, p > strong:first-child, div > strong:first-child')) {
    const block = label.parentElement!;
    if (rendered(label) && (block.textContent ?? '').trim() === (label.textContent ?? '').trim() && !block.querySelector('img, svg, a[href], button')) {
      emptyHeadings.push(describe(label));
    }
  }

  // What the floating controls cover: visible text under their boxes.
  const controls = [...document.querySelectorAll('.floating-actions a, .floating-actions button')]
    .filter((element) => rendered(element))
    .map((element) => element.getBoundingClientRect());
  const under = (rect: DOMRect) =>
    controls.some((box) => rect.left < box.right && rect.right > box.left && rect.top < box.bottom && rect.bottom > box.top);
  const covered: string[] = [];
  const coverWalker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = coverWalker.nextNode(); node; node = coverWalker.nextNode()) {
    const parent = node.parentElement;
    if (!node.textContent?.trim() || !parent || !rendered(parent) || parent.closest('.floating-actions, script, style, noscript')) continue;
    if (textRects(node).some((rect) => under(rect))) covered.push(describe(parent, node.textContent));
  }
  const coversHeroAction = !atEnd && actionBox !== undefined && window.scrollY === 0 && under(actionBox);

  const parts = [...document.querySelectorAll('.site-header, main > *, .site-footer')].map((element) => {
    const title = element.querySelector('h1, h2')?.textContent?.trim() ?? '';
    const kind = [...element.classList].find((name) => name.startsWith('section--') || name.startsWith('hero--')) ?? element.tagName.toLowerCase();
    return { part: `${kind.replace(/^section--/, '')}${title ? ` "${title.slice(0, 40)}"` : ''}`, height: Math.round(element.getBoundingClientRect().height) };
  });

  return {
    height: Math.round(doc.scrollHeight),
    parts,
    heroAction,
    overflowX: Math.max(0, Math.round(doc.scrollWidth - width)),
    overflowingText,
    brokenContactLinks,
    grids: gridRows,
    emptyHeadings,
    covered: atEnd ? covered : [],
    coversHeroAction,
  };
}
