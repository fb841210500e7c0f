/**
 * The visual editor (`npm run dev`, /_editor) in a real browser, as a content editor uses it: a course
 * page made entirely through the editor's forms builds and shows in every page's menu; a change to one
 * field of a file with comments is one line of `git diff`; a file changed on disk meanwhile is never
 * overwritten silently; the screens have no axe violations. The dev server runs on a copy of the
 * project's content, under git, so `git diff` shows what a save did.
 */
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import sharp from 'sharp';
import type { ViteDevServer } from 'vite';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../scripts/bench/chromium';
import { fieldId } from '../../editor/app/form/contract';
import { EDITOR_API } from '../../editor/protocol/api';
import { startDevServer } from '../helpers/dev-content';
import { expectNoViolations } from './axe';
import { ROOT, isInterceptionArtefact } from './harness';

/** The dev server compiles the editor's modules on first request: the first screen takes a while on two cores. */
const TEST_TIMEOUT_MS = 300_000;
const TSX = path.join(ROOT, 'node_modules/.bin/tsx');

let content: string;
let server: ViteDevServer;
let browser: Browser;
let base: string;

const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=Editor', '-c', 'user.email=editor@example.com', ...args], { cwd: content, encoding: 'utf8' });
const read = (file: string) => readFileSync(path.join(content, file), 'utf8');

before(async () => {
  content = mkdtempSync(path.join(tmpdir(), 'cesa-editor-browser-'));
  cpSync(path.join(ROOT, 'pages'), path.join(content, 'pages'), { recursive: true });
  cpSync(path.join(ROOT, 'public'), path.join(content, 'public'), { recursive: true });
  // A page written by hand, with comments, flow lists and a block of text: what the editor must keep.
  writeFileSync(
    path.join(content, 'pages/commented.yaml'),
    read('pages/_templates/course.yaml').replace('title: "{name} Training in Pune | CESA"', 'title: Commented Course | CESA').replace('menu:                            #', 'menu: false                      #').replace(/\n {6}group: structure {15}# a group of the menu.*\n.*\n.*\n/, '\n'),
  );
  git('init', '--quiet');
  git('add', '.');
  git('commit', '--quiet', '-m', 'content');
  ({ server, base } = await startDevServer(content));
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_FLAGS, timeout: 30_000 });
});

after(async () => {
  await browser?.close();
  await server?.close();
  if (content) rmSync(content, { recursive: true, force: true });
});

/** A new browser tab on the editor, loopback only, failing on any page error or console error. */
async function openEditor(pathAndQuery: string, viewport = { width: 1400, height: 900 }): Promise<{ page: Page; context: BrowserContext; problems: string[] }> {
  const context = await browser.newContext({ viewport });
  context.setDefaultTimeout(60_000);
  await context.addInitScript('globalThis.__name = (target) => target;');
  await context.route('**/*', (route) => (new URL(route.request().url()).hostname === '127.0.0.1' ? route.continue() : route.abort('internetdisconnected')));
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => {
    // This context routes its requests: Chromium then aborts the site pages' view transitions (harness.ts).
    if (!isInterceptionArtefact(error)) problems.push(error.stack || error.message);
  });
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`${message.text()} (${message.location().url})`);
  });
  await page.goto(`${base}${pathAndQuery}`);
  return { page, context, problems };
}

/** The control that edits the value at `fieldPath` (e.g. `sections[0].title`), as the error links find it. */
const field = (page: Page, fieldPath: string): Locator => page.locator(`#${fieldId(fieldPath)}`);

/** The preview frame beside the form. */
function preview(page: Page) {
  return page.frameLocator('iframe[title^="Preview"]');
}

async function waitSaved(page: Page): Promise<void> {
  await page.getByText('Saved', { exact: true }).first().waitFor();
}

/** A camera-sized photo (noise, so it compresses like one) in a temporary file. */
async function photo(): Promise<string> {
  const width = 2400;
  const height = 1600;
  const pixels = Buffer.alloc(width * height * 3);
  for (let index = 0; index < pixels.length; index += 1) pixels[index] = (index * 7919 + (index >> 9) * 104729) % 251;
  const file = path.join(content, '..', `${path.basename(content)}-photo.jpg`);
  await sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality: 85 }).toFile(file);
  return file;
}

/** Opens section `index`'s panel (the sections' forms are folded until opened). */
async function openSection(page: Page, index: number): Promise<void> {
  const toggle = field(page, `sections[${index}]`);
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
}

/** Waits until the first element of section `index` is at the top of the preview (scrolled there). */
async function waitSectionAtTop(page: Page, index: number): Promise<void> {
  await page.waitForFunction((at) => {
    const frame = document.querySelector<HTMLIFrameElement>('iframe[title^="Preview"]');
    const first = frame?.contentDocument?.querySelector(`[data-preview-section="${at}"]`)?.nextElementSibling;
    const top = first?.getBoundingClientRect().top;
    return top !== undefined && top >= 0 && top < 120 && (frame?.contentWindow?.scrollY ?? 0) > 0;
  }, index);
}

async function addSection(page: Page, type: RegExp): Promise<void> {
  await page.getByRole('button', { name: 'Add section' }).last().click();
  await page.getByRole('button', { name: type }).click();
}

describe('the visual editor', () => {
  test('a course page made entirely through the editor passes npm run check, builds, and shows in the menu', { timeout: TEST_TIMEOUT_MS }, async () => {
    const { page, context, problems } = await openEditor('/_editor');
    try {
      await page.getByRole('heading', { level: 1, name: 'Pages' }).waitFor();
      await expectNoViolations(page, 'the page list');

      // Search by title and by route.
      await page.getByLabel('Search pages').fill('etabs');
      // Each page by its name, not its long search title.
      await page.getByRole('link', { name: 'ETABS', exact: true }).waitFor();
      assert.equal(await page.getByRole('link', { name: /^About CESA/ }).count(), 0, 'the search leaves out pages that do not match');
      await page.getByLabel('Search pages').fill('');

      // A new page from the plain template.
      await page.getByRole('button', { name: 'New page' }).click();
      await page.getByLabel('Name', { exact: true }).fill('Tekla Connections');
      assert.equal(await page.getByLabel('Address', { exact: true }).inputValue(), '/tekla-connections', 'the address is suggested from the name');
      await page.getByLabel('Template', { exact: true }).selectOption('basic');
      await expectNoViolations(page, 'the new page dialog');
      await page.getByRole('button', { name: 'Create page' }).click();
      await page.waitForURL(/file=pages%2Ftekla-connections\.yaml|file=pages\/tekla-connections\.yaml/);
      // The form opens on the page's content; the search settings come after it, closed.
      const search = page.getByRole('button', { name: /^How the page appears in search and when shared/ });
      await search.waitFor();
      assert.equal(await search.getAttribute('aria-expanded'), 'false');
      await search.click();

      // Search settings: title, description; and the course: its brochure entry and its place in the menu.
      await field(page, 'meta.title').fill('Tekla Connections Training in Pune | CESA');
      await field(page, 'meta.description').fill('Learn steel connection design and detailing in Tekla Structures at CESA, Pune.');
      await page.getByRole('button', { name: 'Add course' }).click();
      await field(page, 'meta.course.name').fill('Tekla Connections');
      await field(page, 'meta.course.group').selectOption('structure');
      await field(page, 'meta.course.duration').fill('30 hours');
      await page.getByRole('button', { name: 'Add menu' }).click();
      await field(page, 'meta.course.menu.group').fill('structure');
      await field(page, 'meta.course.menu.label').fill('Tekla Connections');

      // The hero: its heading, and a photo uploaded from this computer.
      await openSection(page, 0);
      await field(page, 'sections[0].title').fill('Tekla Connections');
      await preview(page).getByRole('heading', { level: 1, name: 'Tekla Connections' }).waitFor();
      await page.getByLabel(/^Upload a new photo/).first().setInputFiles(await photo());
      await page.getByText(/^Uploaded: the page now shows [a-z0-9-]+\.jpg\./).waitFor();
      // Its description is asked for at once: the field is focused, with the prompt, and empty.
      await page.getByText(/^Describe the new photo \([a-z0-9-]+\.jpg\)/).waitFor();
      const alt = field(page, 'sections[0].image.alt');
      assert.equal(await alt.evaluate((element) => element === document.activeElement), true, 'the description has the focus');
      assert.equal(await alt.inputValue(), '');
      await page.keyboard.type('Engineers detailing a steel connection in Tekla');

      // Overview: the template's text section, titled and written.
      await openSection(page, 1);
      await field(page, 'sections[1].title').fill('Overview');
      await field(page, 'sections[1].body').fill('Steel connections, from bolts and welds to custom components.\n\nFor structural engineers and detailers.');

      // Modules, packages, facts and the brochure panel, each added by its type.
      await addSection(page, /^Modules/);
      await addSection(page, /^Packages/);
      await addSection(page, /^Facts/);
      await addSection(page, /^Brochure/);
      await page.getByText('No errors').first().waitFor();
      await expectNoViolations(page, 'the page editor');

      await page.keyboard.press('Control+s');
      await waitSaved(page);
      assert.deepEqual(problems, [], 'no errors in the browser');
    } finally {
      await context.close();
    }

    const saved = read('pages/tekla-connections.yaml');
    for (const type of ['hero', 'prose', 'modules', 'packages', 'facts', 'brochure']) assert.match(saved, new RegExp(`type: ${type}\\b`), `the page has a ${type} section`);
    assert.match(saved, /\/images\/uploads\/[a-z0-9-]+\.jpg/, 'the hero shows the uploaded photo');

    // What the editor saved is what `npm run check` and the build accept.
    const check = spawnSync(TSX, ['commands/check.ts', '--content', content], { cwd: ROOT, encoding: 'utf8' });
    assert.equal(check.status, 0, `npm run check: ${check.stdout}${check.stderr}`);
    const out = mkdtempSync(path.join(tmpdir(), 'cesa-editor-dist-'));
    try {
      const build = spawnSync(TSX, ['commands/build.ts', '--content', content, '--out', out], { cwd: ROOT, encoding: 'utf8' });
      assert.equal(build.status, 0, `npm run build: ${build.stdout}${build.stderr}`);
      const course = readFileSync(path.join(out, 'tekla-connections/index.html'), 'utf8');
      assert.match(course, /<picture/, 'the photo is served through <picture>');
      const original = /\/images\/uploads\/[a-z0-9-]+\.jpg/.exec(saved)![0];
      assert.equal(existsSync(path.join(out, original)), false, 'the original photo is not published');
      const other = readFileSync(path.join(out, 'etabs/index.html'), 'utf8');
      assert.match(other, /<a[^>]*href="\/tekla-connections"[^>]*>Tekla Connections<\/a>/, "another page's menu lists the new course");
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });

  test('changing one field of a file with comments changes that one line', { timeout: TEST_TIMEOUT_MS }, async () => {
    const before = read('pages/commented.yaml');
    const { page, context, problems } = await openEditor('/_editor?file=pages/commented.yaml');
    try {
      await openSection(page, 0);
      await field(page, 'sections[0].subtitle').fill('Steel connections, designed and detailed.');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await waitSaved(page);
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
    const diff = git('diff', '--numstat', '--', 'pages/commented.yaml');
    assert.equal(diff.trim(), '1\t1\tpages/commented.yaml', `git diff --numstat: ${diff}`);
    const changed = git('diff', '-U0', '--', 'pages/commented.yaml').split('\n').filter((line) => /^[-+] /.test(line));
    assert.deepEqual(changed, ['-    subtitle: One line that says what the student will be able to do.', '+    subtitle: Steel connections, designed and detailed.']);
    assert.equal(read('pages/commented.yaml').split('\n').filter((line) => line.includes('#')).length, before.split('\n').filter((line) => line.includes('#')).length, 'every comment is kept');
  });

  test('a file changed on disk since it was opened is not overwritten: reload, compare or overwrite', { timeout: TEST_TIMEOUT_MS }, async () => {
    const { page, context } = await openEditor('/_editor?file=pages/commented.yaml');
    try {
      await openSection(page, 0);
      await field(page, 'sections[0].title').fill('Mine');
      // Someone else (another editor, git pull) changes the file meanwhile.
      const theirs = read('pages/commented.yaml').replace('    title: "{name}"\n', '    title: Theirs\n');
      assert.notEqual(theirs, read('pages/commented.yaml'));
      writeFileSync(path.join(content, 'pages/commented.yaml'), theirs);
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      const dialog = page.getByRole('alertdialog');
      await dialog.getByText(/changed on disk/).first().waitFor();
      assert.equal(read('pages/commented.yaml'), theirs, 'nothing was written');
      await expectNoViolations(page, 'the conflict dialog');
      await dialog.getByRole('button', { name: 'Compare' }).click();
      await dialog.getByText(/title: Theirs/).first().waitFor();
      await dialog.getByText(/title: Mine/).first().waitFor();
      await dialog.getByRole('button', { name: /^Reload from disk/ }).click();
      await page.waitForFunction((id) => (document.getElementById(id) as HTMLInputElement | null)?.value === 'Theirs', fieldId('sections[0].title'));
      assert.equal(read('pages/commented.yaml'), theirs, 'still their text');
    } finally {
      await context.close();
    }
  });

  test('sections move by keyboard; the preview follows, and shows the section the focus is in', { timeout: TEST_TIMEOUT_MS }, async () => {
    const { page, context, problems } = await openEditor('/_editor?file=pages/commented.yaml');
    try {
      const titles = () => preview(page).locator('main h2').allTextContents();
      await preview(page).locator('main h2').first().waitFor();
      const first = await titles();
      // Focus in section 5 of the form: its first element comes to the top of the preview (below the sticky header).
      await field(page, 'sections[5]').focus();
      await waitSectionAtTop(page, 5);
      await field(page, 'sections[2]').focus();
      await waitSectionAtTop(page, 2);
      const handle = page.getByRole('button', { name: 'Move section 2', exact: true });
      await handle.focus();
      await page.keyboard.press('Alt+ArrowDown');
      await page.getByText(/moved to position 3/i).first().waitFor();
      await page.waitForFunction(
        ([before]) => {
          const frame = document.querySelector<HTMLIFrameElement>('iframe[title^="Preview"]');
          const now = [...(frame?.contentDocument?.querySelectorAll('main h2') ?? [])].map((heading) => heading.textContent);
          return now[0] === before![1] && now[1] === before![0];
        },
        [first],
      );
      // The moved section, which has the focus, is section 3 now: the preview shows it.
      await waitSectionAtTop(page, 2);
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });

  test('a list: entries numbered 1, 2, 3; one moves by keyboard and the preview follows; an added entry brings its section into the preview', { timeout: TEST_TIMEOUT_MS }, async () => {
    const { page, context, problems } = await openEditor('/_editor?file=pages/placement.yaml');
    try {
      const questions = () => preview(page).locator('main summary.faq__toggle').allTextContents();
      await preview(page).locator('main summary.faq__toggle').first().waitFor();
      await openSection(page, 2);
      const faq = page.locator(`#${fieldId('sections[2].items')}`);
      // Numbered as a person counts: 1, 2, 3; the points of the third question too.
      const numbers = (list: Locator) => list.locator(':scope > ol > li > .ef-item-head > .ef-item-number').allTextContents();
      assert.deepEqual(await numbers(faq), ['1.', '2.', '3.']);
      assert.deepEqual(await numbers(page.locator(`#${fieldId('sections[2].items[2].points')}`)), ['1.', '2.', '3.', '4.', '5.', '6.']);
      const before = await questions();

      // The first question, picked up with Space, moved down twice with the arrow keys, dropped with Space.
      const handle = faq.getByRole('button', { name: 'Move item 1', exact: true });
      await handle.focus();
      await page.keyboard.press('Space');
      await page.getByText(/^Item 1 of 3 picked up/).waitFor();
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Space');
      await page.getByText('Item dropped at position 3 of 3.').waitFor();
      await page.waitForFunction(
        ([first]) => {
          const frame = document.querySelector<HTMLIFrameElement>('iframe[title^="Preview"]');
          const now = [...(frame?.contentDocument?.querySelectorAll('main summary.faq__toggle') ?? [])].map((summary) => summary.textContent);
          return now[2] === first;
        },
        [before[0]],
      );
      assert.equal(await faq.getByRole('button', { name: 'Move item 3', exact: true }).evaluate((element) => element === document.activeElement), true, 'the handle keeps the focus');
      // Escape puts an entry back where it was picked up.
      await page.keyboard.press('Enter');
      await page.keyboard.press('ArrowUp');
      await page.keyboard.press('Escape');
      await page.getByText('Move cancelled: item back at position 3 of 3.').waitFor();

      // With the hero in the preview, a question added (by a click that does not move the focus, as
      // Safari's clicks do) brings the questions into the preview.
      await field(page, 'sections[0]').focus();
      await page.waitForFunction(() => {
        const frame = document.querySelector<HTMLIFrameElement>('iframe[title^="Preview"]');
        const top = frame?.contentDocument?.querySelector('[data-preview-section="2"]')?.nextElementSibling?.getBoundingClientRect().top;
        return top !== undefined && top > 300;
      });
      await faq.locator(':scope > .ef-button-add-item').dispatchEvent('click');
      await waitSectionAtTop(page, 2);
      assert.deepEqual(await numbers(faq), ['1.', '2.', '3.', '4.']);
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });

  test('site settings: the phone number changed in the form shows in the preview at once, and saving changes that one line', { timeout: TEST_TIMEOUT_MS }, async () => {
    const { page, context, problems } = await openEditor('/_editor');
    try {
      await page.getByRole('link', { name: 'Site settings — contact, branches, menu, footer' }).click();
      await page.getByRole('heading', { level: 1, name: 'Site settings' }).waitFor();
      await preview(page).locator('.floating-actions__button--call[href="tel:+910000000001"]').waitFor();
      await field(page, 'contact.phone').fill('+91 12345 67890');
      await preview(page).locator('.floating-actions__button--call[href="tel:+911234567890"]').waitFor();
      // The header's menu follows the draft too (assembled by the dev server, course groups included).
      await field(page, 'menu[0].label').fill('Start here');
      // (Folded behind the menu button in a narrow preview: there, not necessarily visible.)
      const menuLink = (label: string) => preview(page).locator('header a[href="/"]', { hasText: new RegExp(`^${label}$`) });
      await menuLink('Start here').waitFor({ state: 'attached' });
      await field(page, 'menu[0].label').fill('Home');
      await menuLink('Home').waitFor({ state: 'attached' });
      await page.getByText('No errors').first().waitFor();
      await expectNoViolations(page, 'the site settings');
      assert.equal(await page.getByRole('button', { name: /^Delete/ }).count(), 0, 'the site settings cannot be deleted');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await waitSaved(page);
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
    const changed = git('diff', '-U0', '--', 'pages/_site.yaml').split('\n').filter((line) => /^[-+] /.test(line));
    assert.deepEqual(changed, ['-  phone: "+91 00000 00001"', '+  phone: "+91 12345 67890"']);
  });

  test('a file that is not YAML is shown as its text with its errors, nothing to save over it, and the form comes once it is fixed', { timeout: TEST_TIMEOUT_MS }, async () => {
    const broken = 'meta:\n\ttitle: Tabbed\nsections: []\n';
    writeFileSync(path.join(content, 'pages/tabbed.yaml'), broken);
    const { page, context, problems } = await openEditor('/_editor?file=pages/tabbed.yaml');
    try {
      await page.getByText(/The form cannot show this file: it is not valid YAML/).waitFor();
      await page.getByText(/\[yaml-tab\] a tab is used for indentation here/).waitFor();
      assert.equal(await page.getByLabel('The text of pages/tabbed.yaml').textContent(), broken);
      assert.equal(await page.getByRole('button', { name: 'Save', exact: true }).count(), 0, 'no Save');
      await expectNoViolations(page, 'a file the form cannot show');
      writeFileSync(path.join(content, 'pages/tabbed.yaml'), broken.replace('\t', '  '));
      await page.getByRole('button', { name: /^How the page appears in search and when shared/ }).click();
      await page.waitForFunction((id) => (document.getElementById(id) as HTMLInputElement | null)?.value === 'Tabbed', fieldId('meta.title'));
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
      rmSync(path.join(content, 'pages/tabbed.yaml'), { force: true });
    }
  });

  for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
    test(`at ${String(viewport.width)} px a list's entries take the form's width and nothing in the form scrolls sideways`, { timeout: TEST_TIMEOUT_MS }, async () => {
      const { page, context, problems } = await openEditor('/_editor?file=pages/placement.yaml', viewport);
      try {
        await openSection(page, 2);
        const answer = field(page, 'sections[2].items[0].answer');
        await answer.waitFor();
        const form = page.getByRole('region', { name: 'Page form' });
        const [answerBox, formBox] = [await answer.boundingBox(), await form.boundingBox()];
        assert.ok(answerBox && formBox, 'the answer and the form are shown');
        assert.ok(answerBox.width >= 0.6 * formBox.width, `an FAQ answer is ${String(answerBox.width)} px wide in a form of ${String(formBox.width)} px`);
        // Boxes that clip or scroll their content (a field's own text scrolls inside it; hidden labels are 1 px).
        const cut = await form.evaluate((root) =>
          [...root.querySelectorAll('*')]
            .filter((element) => !['INPUT', 'TEXTAREA', 'SELECT'].includes(element.tagName) && element.clientWidth > 1)
            .filter((element) => getComputedStyle(element).overflowX !== 'visible' && element.scrollWidth > element.clientWidth + 1)
            .map((element) => element.outerHTML.slice(0, 120)),
        );
        assert.deepEqual(cut, [], 'no element of the form scrolls sideways or cuts its text');
        assert.deepEqual(problems, []);
      } finally {
        await context.close();
      }
    });
  }

  test('at phone width the editor is one column with no sideways scrolling, the preview scrolls inside its frame only, and axe finds nothing', { timeout: TEST_TIMEOUT_MS }, async () => {
    const { page, context, problems } = await openEditor('/_editor?file=pages/commented.yaml', { width: 390, height: 844 });
    try {
      await preview(page).locator('main h2').first().waitFor();
      await openSection(page, 4);
      const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, screen: document.documentElement.clientWidth }));
      assert.equal(widths.page, widths.screen, 'nothing is wider than the screen');
      // No section's heading runs out of its box under its buttons (they wrap under a long heading).
      const overflowing = await page.locator('.ef-toggle').evaluateAll((toggles) => toggles.filter((toggle) => toggle.scrollWidth > toggle.clientWidth).map((toggle) => toggle.textContent));
      assert.deepEqual(overflowing, [], 'every section heading fits its box');
      await expectNoViolations(page, 'the page editor at phone width');
      const before = await page.evaluate(() => window.scrollY);
      await page.evaluate((id) => document.getElementById(id)?.focus({ preventScroll: true }), fieldId('sections[5]'));
      await waitSectionAtTop(page, 5);
      assert.equal(await page.evaluate(() => window.scrollY), before, 'the editor stays where it was: only the preview scrolled');
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });
});

// The editor is the dev server's only: no page, script or data of the production build has any of it.
test('the build has no editor', () => {
  const dist = path.join(ROOT, 'dist');
  assert.ok(existsSync(path.join(dist, 'index.html')), 'the browser tests run on a build');
  const files = readdirSync(dist, { recursive: true, encoding: 'utf8' });
  assert.deepEqual(files.filter((file) => file.includes('_editor')), []);
  const withEditor = files.filter((file) => /\.(js|html)$/.test(file) && readFileSync(path.join(dist, file), 'utf8').includes(EDITOR_API));
  assert.deepEqual(withEditor, [], 'no file of the build talks to the editor API');
});
