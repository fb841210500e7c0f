/**
 * The hosted editor (`npm run editor-server` with no configuration: the Auth emulator, a bare
 * repository made from this checkout's last commit, the example editors) in Chromium, as editors with
 * only a browser use it: two editors in two browsers sign in through Google's popup (the emulator's),
 * each changes a page in the visual editor and saves, which is one commit under their name on their
 * own draft in the repository; "Preview the whole site" shows their change; the live site (main) does
 * not change. An account not on the list is told which account it used and whom to ask. Nothing the
 * editor's pages or the previews do breaks their Content-Security-Policy (a violation is a console error).
 */
import assert from 'node:assert/strict';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { after, before, describe, test } from 'node:test';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../scripts/bench/chromium';
import { editorId, EXAMPLE_EDITORS } from '../../editor/repo/editors';
import { UNLISTED_ACCOUNT } from '../../editor/hosted/zero-config';
import { fieldId } from '../../editor/app/form/contract';
import { EDITOR_API } from '../../editor/protocol/api';
import { signInWithAccount } from './emulator';
import { ACTION_TIMEOUT_MS, DESKTOP, isInterceptionArtefact, isolate, ROOT } from './harness';
import { buildEditorApp } from '../../editor/app-build';

/** The editor's app, the live site and each draft's first preview are built while the test runs: minutes on two cores. */
const TEST_TIMEOUT_MS = 600_000;
const TSX = path.join(ROOT, 'node_modules/.bin/tsx');
const [asha, ravi, meera] = EXAMPLE_EDITORS as [(typeof EXAMPLE_EDITORS)[0], (typeof EXAMPLE_EDITORS)[0], (typeof EXAMPLE_EDITORS)[0]];
const publishers = EXAMPLE_EDITORS.filter((editor) => editor.role === 'publisher').map((editor) => editor.name);

let state: string;
let server: ChildProcess;
let editorUrl: string;
let liveUrl: string;
let browser: Browser;

const remoteGit = (...args: string[]) => execFileSync('git', ['--git-dir', path.join(state, 'remote.git'), ...args], { encoding: 'utf8' }).trim();

/** Starts `npm run editor-server` in `state`; resolves with the editor's and the live site's addresses once both are up. */
function startEditorServer(): Promise<{ editor: string; live: string }> {
  server = spawn(TSX, ['commands/editor-server.ts', '--state', state, '--port', '0'], { cwd: ROOT, env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
  const said: string[] = [];
  return new Promise((resolve, reject) => {
    let editor = '';
    for (const stream of [server.stdout!, server.stderr!]) {
      createInterface({ input: stream }).on('line', (line) => {
        said.push(line);
        editor ||= /^CESA editor: (http:\/\/\S+)\/_editor /.exec(line)?.[1] ?? '';
        const live = /^Live site \(main[^)]*\): (http:\/\/\S+)$/.exec(line)?.[1];
        if (live) resolve({ editor, live });
      });
    }
    server.once('exit', (code) => reject(new Error(`npm run editor-server stopped (${String(code)}):\n${said.join('\n')}`)));
  });
}

before(async () => {
  state = mkdtempSync(path.join(tmpdir(), 'cesa-hosted-browser-'));
  // The editor's app is built ahead, as npm run editor-server does before it starts the server.
  await buildEditorApp(ROOT);
  ({ editor: editorUrl, live: liveUrl } = await startEditorServer());
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_FLAGS, timeout: 30_000 });
});

after(async () => {
  await browser?.close();
  if (server && server.exitCode === null) {
    const stopped = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await stopped;
  }
  if (state) rmSync(state, { recursive: true, force: true });
});

interface Editor {
  context: BrowserContext;
  page: Page;
  /** Errors on the editor's pages and the previews (not the emulator's popup): a CSP violation is one. */
  problems: string[];
}

/** A browser of its own (loopback only, Google's loader answered locally), on the editor's sign-in. */
async function openEditor(): Promise<Editor> {
  const context = await browser.newContext({ viewport: { width: 1400, height: DESKTOP.height } });
  context.setDefaultTimeout(ACTION_TIMEOUT_MS * 4);
  await context.addInitScript('globalThis.__name = (target) => target;');
  await isolate(context, []);
  const problems: string[] = [];
  const emulator = `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099'}`;
  const watch = (page: Page) => {
    const ours = () => !page.url().startsWith(emulator);
    page.on('pageerror', (error) => {
      if (ours() && !isInterceptionArtefact(error)) problems.push(`${page.url()}: ${error.stack ?? error.message}`);
    });
    page.on('console', (message) => {
      if (message.type() !== 'error' || !ours()) return;
      // Asking who is signed in before anyone is (401) is how the editor knows to offer sign-in: Chromium logs the answer.
      if (message.text().endsWith('status of 401 (Unauthorized)') && message.location().url === `${editorUrl}${EDITOR_API}/session`) return;
      problems.push(`${page.url()}: ${message.text()} (${message.location().url})`);
    });
  };
  context.on('page', watch);
  const page = await context.newPage();
  await page.goto(`${editorUrl}/_editor`);
  return { context, page, problems };
}

/** "Sign in with Google", then the account in the emulator's popup. */
async function signIn({ page }: Editor, email: string): Promise<void> {
  const button = page.getByRole('button', { name: 'Sign in with Google' });
  await button.waitFor();
  const [popup] = await Promise.all([page.waitForEvent('popup'), button.click()]);
  await popup.waitForLoadState('domcontentloaded');
  await signInWithAccount(popup, email);
}

/** Opens `file`, types `subtitle` into its first section's subtitle, and saves. */
async function changeAndSave({ page }: Editor, file: string, subtitle: string): Promise<void> {
  await page.goto(`${editorUrl}/_editor?file=${encodeURIComponent(file)}`);
  const toggle = page.locator(`#${fieldId('sections[0]')}`);
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await page.locator(`#${fieldId('sections[0].subtitle')}`).fill(subtitle);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText('Saved', { exact: true }).first().waitFor();
}

/** Commits on a draft of the repository that main does not have: author and files of each. */
function draftCommits(email: string): { author: string; files: string[] }[] {
  return remoteGit('log', '--format=%H %an <%ae>', `refs/heads/main..refs/heads/drafts/${editorId(email)}`)
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [sha = '', ...author] = line.split(' ');
      return { author: author.join(' '), files: remoteGit('diff-tree', '--no-commit-id', '--name-only', '-r', sha).split('\n') };
    });
}

/** "Preview the whole site" once the draft's build has the last save: the preview's tab. */
async function openWholeSite({ page, context }: Editor): Promise<Page> {
  // The editor's own question, asked until the build that started with the save is done.
  await page.waitForFunction(
    async (api) => {
      const status = (await (await fetch(`${api}/preview`, { cache: 'no-store' })).json()) as { url: string | null; building: boolean };
      return status.url !== null && !status.building;
    },
    EDITOR_API,
    { polling: 1000, timeout: TEST_TIMEOUT_MS / 2 },
  );
  const link = page.getByRole('link', { name: 'Preview the whole site (opens in a new tab)' });
  const [tab] = await Promise.all([context.waitForEvent('page'), link.click()]);
  await tab.waitForLoadState('load');
  return tab;
}

describe('the hosted editor, on this computer', () => {
  test('two editors in two browsers: each save one commit under their name on their own draft, shown in their preview of the whole site; the live site does not change', { timeout: TEST_TIMEOUT_MS }, async () => {
    const mainBefore = remoteGit('rev-parse', 'refs/heads/main');
    const liveBefore = await (await fetch(`${liveUrl}/etabs`)).text();
    const changes = [
      { editor: asha, file: 'pages/etabs.yaml', route: '/etabs', subtitle: 'Multistorey buildings, as Asha wrote it' },
      { editor: ravi, file: 'pages/staad.yaml', route: '/staad', subtitle: 'Any structure, as Ravi wrote it' },
    ];
    const browsers = await Promise.all(changes.map(() => openEditor()));
    try {
      for (const [index, { editor }] of changes.entries()) {
        await signIn(browsers[index]!, editor.email);
        await browsers[index]!.page.getByRole('group', { name: 'Your account' }).getByText(`Signed in as ${editor.name} (${editor.email}).`).waitFor();
      }
      for (const [index, { editor, file, subtitle }] of changes.entries()) {
        await changeAndSave(browsers[index]!, file, subtitle);
        assert.deepEqual(draftCommits(editor.email), [{ author: `${editor.name} <${editor.email}>`, files: [file] }], `one commit by ${editor.name} on their draft`);
        assert.match(remoteGit('show', `refs/heads/drafts/${editorId(editor.email)}:${file}`), new RegExp(`subtitle: ${subtitle}`));
      }
      for (const [index, { route, subtitle }] of changes.entries()) {
        const tab = await openWholeSite(browsers[index]!);
        const preview = new URL(tab.url());
        assert.notEqual(preview.origin, new URL(editorUrl).origin, 'the preview has an origin of its own');
        assert.equal(preview.pathname, '/', 'the ticket is exchanged for a cookie, and the address is clean');
        await tab.goto(`${preview.origin}${route}`);
        await tab.getByText(subtitle).first().waitFor();
        // The other editor's change is in the other draft, not in this preview.
        const other = changes.find((change) => change.subtitle !== subtitle)!;
        await tab.goto(`${preview.origin}${other.route}`);
        assert.equal(await tab.getByText(other.subtitle).count(), 0);
      }
      for (const { problems } of browsers) assert.deepEqual(problems, [], 'no error and no Content-Security-Policy violation');
    } finally {
      await Promise.all(browsers.map(({ context }) => context.close()));
    }
    assert.equal(remoteGit('rev-parse', 'refs/heads/main'), mainBefore, 'main did not move');
    const liveAfter = await (await fetch(`${liveUrl}/etabs`)).text();
    assert.equal(liveAfter, liveBefore, 'the live site did not change');
    assert.ok(!liveAfter.includes(changes[0]!.subtitle));
  });

  test('an account not on the list sees which account it used, and nobody named', { timeout: TEST_TIMEOUT_MS }, async () => {
    const stranger = await openEditor();
    try {
      await signIn(stranger, UNLISTED_ACCOUNT.email);
      const alert = stranger.page.getByRole('alert');
      await alert.waitFor();
      const words = (await alert.textContent()) ?? '';
      assert.match(words, new RegExp(`You signed in as ${UNLISTED_ACCOUNT.email.replaceAll('.', '\\.')}, which is not on the list of editors\\.`));
      assert.match(words, new RegExp(`Ask the site's publishers to add ${UNLISTED_ACCOUNT.email.replaceAll('.', '\\.')} to the editors`));
      for (const name of publishers) assert.ok(!words.includes(name), name);
      assert.equal(await stranger.page.getByRole('button', { name: 'Sign in with another account' }).isEnabled(), true);
      // The refusal is the server's answer to the sign-in (403), which Chromium logs; nothing else went wrong.
      assert.deepEqual(stranger.problems.filter((problem) => !problem.endsWith(`status of 403 (Forbidden) (${editorUrl}${EDITOR_API}/session)`)), []);
    } finally {
      await stranger.context.close();
    }
  });

  test('publishing from the browser: a ready draft published, the same field decided side by side, and an earlier version put back live', { timeout: TEST_TIMEOUT_MS }, async () => {
    // After the first test: Asha's draft changes the ETABS page's subtitle; Ravi now changes the same field.
    const ravisSubtitle = 'Multistorey buildings, as Ravi put it';
    const [ashaBrowser, raviBrowser, meeraBrowser] = await Promise.all([openEditor(), openEditor(), openEditor()]);
    try {
      for (const [browserOf, editor] of [[ashaBrowser, asha], [raviBrowser, ravi], [meeraBrowser, meera]] as const) {
        await signIn(browserOf, editor.email);
        await browserOf.page.getByRole('group', { name: 'Your account' }).getByText(`Signed in as ${editor.name}`).waitFor();
      }
      await changeAndSave(raviBrowser, 'pages/etabs.yaml', ravisSubtitle);
      for (const { page } of [ashaBrowser, raviBrowser]) {
        await page.getByRole('button', { name: 'Ready for review' }).click();
        await page.getByText(/^Waiting for review since \d\d:\d\d$/).waitFor();
        await page.getByRole('button', { name: 'Withdraw from review' }).waitFor();
      }
      // Editors publish nothing: only the publisher has the screen.
      assert.equal(await ashaBrowser.page.getByRole('button', { name: 'Review and publish' }).count(), 0);

      const { page } = meeraBrowser;
      await page.getByRole('button', { name: 'Review and publish' }).click();
      const ashasDraft = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: `${asha.name}'s draft` }) });
      // The page by its name and address, its text as a visitor reads it, the words inserted marked.
      const etabs = ashasDraft.getByRole('listitem').filter({ has: page.getByRole('heading', { name: /^ETABS V-22\s+\/etabs$/ }) });
      await etabs.getByLabel('After publishing').locator('ins').filter({ hasText: 'as Asha wrote it' }).waitFor();
      await etabs.getByText('The file, line by line (pages/etabs.yaml)').click();
      await etabs.getByLabel('Differences between the live page and the page as it would be published').getByText('Multistorey buildings, as Asha wrote it').waitFor();
      const ashasCommit = remoteGit('rev-parse', `refs/heads/drafts/${editorId(asha.email)}`);
      await ashasDraft.getByRole('button', { name: `Publish ${asha.name}'s draft` }).click();
      const confirm = page.getByRole('alertdialog', { name: `Publish ${asha.name}'s draft?` });
      await confirm.getByText(`One page changed by ${asha.name}: ETABS V-22 (text).`).waitFor();
      await confirm.getByRole('button', { name: 'Publish now' }).click();
      await page.getByText(`Published ${asha.name}'s draft as published/1: the live site shows it now.`).waitFor();
      const firstVersion = await (await fetch(`${liveUrl}/etabs`)).text();
      assert.ok(firstVersion.includes('Multistorey buildings, as Asha wrote it'));

      const ravisDraft = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: `${ravi.name}'s draft` }) });
      await ravisDraft.getByRole('button', { name: `Publish ${ravi.name}'s draft` }).click();
      await page.getByRole('alertdialog', { name: `Publish ${ravi.name}'s draft?` }).getByRole('button', { name: 'Publish now' }).click();
      const dialog = page.getByRole('alertdialog', { name: `Both the live site and ${ravi.name}'s draft changed the same field` });
      const field = dialog.getByRole('group', { name: 'sections[0].subtitle in pages/etabs.yaml' });
      await field.getByText('Multistorey buildings, as Asha wrote it').waitFor();
      await field.getByText(ravisSubtitle).waitFor();
      await field.getByRole('radio', { name: `Take ${ravi.name}'s draft's value` }).check();
      await dialog.getByRole('button', { name: 'Publish with these values' }).click();
      await page.getByText(`Published ${ravi.name}'s draft as published/2: the live site shows it now.`).waitFor();
      const live = await (await fetch(`${liveUrl}/etabs`)).text();
      assert.ok(live.includes(ravisSubtitle) && !live.includes('as Asha wrote it'), "Ravi's value is live");
      assert.ok((await (await fetch(`${liveUrl}/staad`)).text()).includes('Any structure, as Ravi wrote it'), "Ravi's other page went live too");
      // Asha's value is not live, and her commit is in main's history all the same (this throws if it is not).
      execFileSync('git', ['--git-dir', path.join(state, 'remote.git'), 'merge-base', '--is-ancestor', ashasCommit, 'refs/heads/main']);

      await page.getByRole('button', { name: 'Put published/1 back live' }).click();
      await page.getByRole('alertdialog', { name: 'Put published/1 back live?' }).getByRole('button', { name: 'Put it back live' }).click();
      await page.getByText('published/1 is live again (recorded as published/3).').waitFor();
      assert.equal(await (await fetch(`${liveUrl}/etabs`)).text(), firstVersion, 'the live page is the first version, byte for byte');
      for (const { problems } of [ashaBrowser, raviBrowser, meeraBrowser]) assert.deepEqual(problems, [], 'no error and no Content-Security-Policy violation');
    } finally {
      await Promise.all([ashaBrowser, raviBrowser, meeraBrowser].map(({ context }) => context.close()));
    }
  });
});
