/**
 * The visual editor's preview time, as an editor sees it: `npm run dev` on a content folder, a page
 * open at /_editor in Chromium, its hero's title typed key by key at a typist's pace; for each key, the
 * time from the key press in the form to the preview's render of that text (the preview reports each
 * render with the time, on the clock both windows share: editor/protocol/preview.ts), plus the
 * frame that paints it.
 */
import { chromium } from 'playwright-core';
import { createServer } from 'vite';
import { fieldId } from './app/form/contract';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../scripts/bench/chromium';
import { editorDevServerConfig } from './server/dev-config';

/** Milliseconds from each key press to its text on screen in the preview. */
export async function keystrokeToPreview(project: string, contentRoot: string, file: string, text = 'A new course title'): Promise<number[]> {
  const server = await createServer({ ...editorDevServerConfig(project, { port: 0, contentRoot }), logLevel: 'silent' });
  await server.listen();
  const address = server.httpServer?.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  try {
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    // tsx names the functions it compiles (`__name(fn)`), and the functions below run in the page.
    await context.addInitScript('globalThis.__name = (target) => target;');
    const page = await context.newPage();
    await page.goto(`http://127.0.0.1:${port}/_editor?file=${encodeURIComponent(file)}`, { timeout: 120_000 });
    const toggle = page.locator(`#${fieldId('sections[0]')}`);
    await toggle.click({ timeout: 120_000 });
    const title = page.locator(`#${fieldId('sections[0].title')}`);
    await title.fill('');
    const preview = page.frameLocator('iframe[title^="Preview"]');
    await preview.locator('main').first().waitFor({ timeout: 120_000 });
    const times: number[] = [];
    let typed = '';
    for (const key of text) {
      typed += key;
      const pressed = await page.evaluate(() => performance.timeOrigin + performance.now());
      await page.keyboard.type(key);
      // On screen: the heading holds the text, and a frame has been painted since.
      const shown = await preview
        .locator('body')
        .evaluate(
          (body, expected) =>
            new Promise<number>((resolve) => {
              const check = () => {
                const heading = body.querySelector('main h1');
                if (heading?.textContent?.trim() === expected.trim()) requestAnimationFrame(() => resolve(performance.timeOrigin + performance.now()));
                else requestAnimationFrame(check);
              };
              check();
            }),
          typed,
        );
      times.push(shown - pressed);
      // A typist's pace: about six keys a second.
      await page.waitForTimeout(150);
    }
    return times;
  } finally {
    await browser.close();
    await server.close();
  }
}
