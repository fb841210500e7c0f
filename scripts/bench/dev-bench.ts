/**
 * The dev server's save-to-browser time, as an editor sees it: `npm run dev` on a content folder, a
 * page open in Chromium, a title changed in its YAML file; the time from the save until the browser
 * shows the new title. Several saves; the median and the slowest are reported.
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
    const original = readFileSync(file, 'utf8');
    try {
      for (let save = 0; save < saves; save++) {
        const title = `Saved title ${save} ${Date.now()}`;
        const saved = performance.now();
        writeFileSync(file, original.replace(/(\n {4}title: )[^\n]+/, `$1${title}`));
        // A locator waits across the page's reload (the dev server tells the browser to reload on a save).
        await page.locator('h1', { hasText: title }).waitFor({ timeout: 60_000 });
        times.push(performance.now() - saved);
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
