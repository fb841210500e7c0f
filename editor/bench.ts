/**
 * The visual editor's preview time, as an editor sees it: `npm run dev` on a content folder, a page
 * open at /_editor in Chromium, its hero's title typed key by key at a typist's pace; for each key, the
 * time from the key press in the form to the preview's render of that text (the preview reports each
 * render with the time, on the clock both windows share: editor/protocol/preview.ts), plus the
 * frame that paints it.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT } from 'jose';
import { chromium } from 'playwright-core';
import { createServer } from 'vite';
import { fieldId } from './app/form/contract';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../scripts/bench/chromium';
import { editorDevServerConfig } from './server/dev-config';
import { signedTokenVerifier } from './hosted/id-token';
import { startHostedEditor } from './hosted/server';
import { liveSite, localRemote } from './hosted/zero-config';
import { EDITOR_API } from './protocol/api';
import { LiveFolder } from './publish/deploy';

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

/** What one editor and one publisher wait for in the hosted editor, in milliseconds. */
export interface HostedTimes {
  /** Save pressed (the request sent) → "Saved" (its answer). */
  saved: number[];
  /** "Saved" → the draft's whole-site preview shows the change. */
  preview: number[];
  /** Ready for review → the publishers' screen listing it. */
  review: number[];
  /** Publish pressed → the live site shows it. */
  publish: number[];
}

/**
 * The hosted editor (`npm run editor-server`) on this checkout's last commit, as its zero-config mode
 * runs it (a bare repository in a temporary folder, the live folder on this computer), signed in
 * with local keys instead of Google's: `rounds` times, an editor changes one field of `file` and
 * saves; the preview is awaited; the draft is marked ready, reviewed and published by a publisher.
 */
export async function hostedSaveAndPublish(project: string, file = 'pages/etabs.yaml', rounds = 5): Promise<HostedTimes> {
  const projectId = 'cesa-bench-academy';
  const keys = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(keys.publicKey)), kid: 'bench-1', alg: 'RS256', use: 'sig' };
  const temp = mkdtempSync(path.join(tmpdir(), 'cesa-bench-hosted-'));
  const folder = new LiveFolder(path.join(temp, 'state', 'live'));
  const { remote } = await localRemote(project, path.join(temp, 'state'));
  const editor = await startHostedEditor({
    root: project,
    host: '127.0.0.1',
    port: 0,
    projectId,
    firebase: { apiKey: 'bench-key', authDomain: `${projectId}.firebaseapp.com` },
    remote,
    stateDir: path.join(temp, 'state'),
    verifier: signedTokenVerifier({ projectId, keys: createLocalJWKSet({ keys: [jwk] }) }),
    limits: { 'sign-in': { count: 1000, perMs: 60_000 }, save: { count: 1000, perMs: 60_000 }, publish: { count: 1000, perMs: 60_000 }, read: { count: 10_000, perMs: 60_000 } },
    previews: true,
    deployer: folder,
    log: () => undefined,
  });
  const live = await liveSite(folder, editor.publisher);
  const call = async <T>(method: string, endpoint: string, cookie: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${editor.address}${EDITOR_API}/${endpoint}`, {
      method,
      headers: { ...(method === 'GET' ? {} : { Origin: editor.address, 'Sec-Fetch-Site': 'same-origin', 'Content-Type': 'application/json' }), Cookie: cookie },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${endpoint}: ${response.status} ${text}`);
    return JSON.parse(text) as T;
  };
  const signIn = async (email: string, name: string): Promise<string> => {
    const now = Math.floor(Date.now() / 1000);
    const claims = { iss: `https://securetoken.google.com/${projectId}`, aud: projectId, auth_time: now - 10, user_id: `uid-${email}`, sub: `uid-${email}`, iat: now - 10, exp: now + 3600, email, email_verified: true, name, firebase: { identities: { 'google.com': ['1'], email: [email] }, sign_in_provider: 'google.com' } };
    const idToken = await new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: 'bench-1', typ: 'JWT' }).sign(keys.privateKey);
    const response = await fetch(`${editor.address}${EDITOR_API}/session`, { method: 'POST', headers: { Origin: editor.address, 'Sec-Fetch-Site': 'same-origin', 'Content-Type': 'application/json' }, body: JSON.stringify({ idToken }) });
    if (!response.ok) throw new Error(`sign-in: ${response.status} ${await response.text()}`);
    return (response.headers.get('set-cookie') ?? '').split(';')[0]!;
  };
  const since = (started: number) => performance.now() - started;
  const times: HostedTimes = { saved: [], preview: [], review: [], publish: [] };
  try {
    const asha = await signIn('asha.editor@example.com', 'Asha Editor');
    const meera = await signIn('meera.publisher@example.com', 'Meera Publisher');
    // The first look at the preview builds the draft as it is (as opening the editor does).
    await call('GET', 'preview', asha);
    while ((await call<{ building: boolean; builtAt: string | null }>('GET', 'preview', asha)).building) await new Promise((resolve) => setTimeout(resolve, 20));
    for (let round = 0; round < rounds; round++) {
      const page = await call<{ data: { sections: { title?: string }[] }; version: string }>('GET', `page?file=${encodeURIComponent(file)}`, asha);
      const data = structuredClone(page.data);
      const title = `Bench title ${round} ${Date.now()}`;
      data.sections[0]!.title = title;
      const before = (await call<{ builtAt: string | null }>('GET', 'preview', asha)).builtAt;
      let started = performance.now();
      await call('POST', 'save', asha, { file, data, version: page.version });
      times.saved.push(since(started));
      started = performance.now();
      // Built, and the page in the draft's build says the new title (what the editor's preview tab then shows).
      const built = path.join(temp, 'state', 'previews', 'asha-editor-example-com', 'site', path.basename(file, '.yaml'), 'index.html');
      for (;;) {
        const status = await call<{ building: boolean; builtAt: string | null }>('GET', 'preview', asha);
        if (status.builtAt !== before && !status.building && readFileSync(built, 'utf8').includes(title)) break;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      times.preview.push(since(started));
      await call('POST', 'publish/ready', asha, { ready: true });
      started = performance.now();
      const review = await call<{ drafts: { draft: string; commit: string; digest: string }[] }>('GET', 'publish/review', meera);
      times.review.push(since(started));
      const draft = review.drafts.find((entry) => entry.draft === 'asha-editor-example-com');
      if (!draft) throw new Error('The ready draft is not on the publishers\' screen.');
      started = performance.now();
      const answer = await call<{ published?: string }>('POST', 'publish/publish', meera, { draft: draft.draft, commit: draft.commit, digest: draft.digest, decisions: [] });
      if (!answer.published) throw new Error(`Not published: ${JSON.stringify(answer)}`);
      times.publish.push(since(started));
      const shown = await (await fetch(`${live.url}/${path.basename(file, '.yaml')}`)).text();
      if (!shown.includes(title)) throw new Error('The live site does not show the published title.');
    }
    return times;
  } finally {
    await editor.close();
    await live.close();
    rmSync(temp, { recursive: true, force: true });
  }
}
