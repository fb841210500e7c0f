/**
 * The dev server's save-to-browser time, as an editor sees it: `npm run dev` on a content folder, a
 * page open in Chromium, a title changed in its YAML file; the time from the save until the browser
 * shows the new title, in place (the page is not reloaded: a run where it is fails). Several saves;
 * the median and the slowest are reported.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { createServer } from 'vite';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium';
import { devServerConfig } from '../dev/dev-plugin';

export async function saveToBrowser(project: string, contentRoot: string, route: string, file: string, saves = 7): Promise<number[]> {
  const server = await createServer({ ...devServerConfig(project, { port: 0, contentRoot }), logLevel: 'silent' });
  await server.listen();
  const address = server.httpServer?.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  const times: number[] = [];
  try {
    const page = await browser.newPage();
    await page.goto(`http://127.0.0.1:${port}${route}`, { waitUntil: 'load', timeout: 120_000 });
    // Set on the page's window: a reload would lose it. Navigations of the page are counted too.
    await page.evaluate(() => Object.assign(window, { cesaBenchMarker: true }));
    let navigations = 0;
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) navigations++;
    });
    const original = readFileSync(file, 'utf8');
    try {
      for (let save = 0; save < saves; save++) {
        const title = `Saved title ${save} ${Date.now()}`;
        // The page notes the frame in which the new title is in it (a mutation, then the next frame), by the clock both share.
        // No named functions inside: tsx would wrap them in a helper the page does not have.
        await page.evaluate((title) => {
          const observer = new MutationObserver(() => {
            if (![...document.querySelectorAll('h1')].some((h1) => h1.textContent?.includes(title))) return;
            observer.disconnect();
            requestAnimationFrame(() => Object.assign(window, { cesaBenchShownAt: performance.timeOrigin + performance.now() }));
          });
          observer.observe(document, { childList: true, subtree: true, characterData: true });
        }, title);
        const saved = performance.timeOrigin + performance.now();
        writeFileSync(file, original.replace(/(\n {4}title: )[^\n]+/, (_, start: string) => `${start}${title}`));
        await page.locator('h1', { hasText: title }).waitFor({ timeout: 60_000 });
        const shownAt = await page.waitForFunction(() => (window as { cesaBenchShownAt?: number }).cesaBenchShownAt);
        times.push(Number(await shownAt.jsonValue()) - saved);
        await page.evaluate(() => delete (window as { cesaBenchShownAt?: number }).cesaBenchShownAt);
        const kept = await page.evaluate(() => 'cesaBenchMarker' in window);
        if (navigations > 0 || !kept) throw new Error(`save ${save + 1}: the page reloaded instead of updating in place (npm run dev, src/dev-client.ts)`);
        // A pause between saves, as between an editor's saves: the watcher's events of one save settle.
        await new Promise((resolve) => setTimeout(resolve, 300));
      }
    } finally {
      writeFileSync(file, original);
    }
  } finally {
    await browser.close();
    await server.close();
  }
  return times;
}

export const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
};

export const pageFile = (contentRoot: string, name: string) => path.join(contentRoot, 'pages', name);
