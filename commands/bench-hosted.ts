/**
 * `node --expose-gc --import tsx commands/bench-hosted.ts [requests]`: the hosted editor, in production
 * configuration over a copy of this site's pages in a real bare repository, replays pages built to cost
 * it more than their size (issue 41, R1: a course name of 100,000 characters named 50,000 times; bigger;
 * split over 2,000 texts; as a save), 200 by default, four at a time, while another editor reads the
 * page list. Prints the server's memory before and after (after a full collection when --expose-gc is
 * given), how long the other editor waited, and how many checking threads were replaced.
 * Reports, does not gate (docs/developers.md, "What a request may cost the hosted editor").
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT } from 'jose';
import { signedTokenVerifier } from '../editor/hosted/id-token';
import { startHostedEditor } from '../editor/hosted/server';
import { EDITOR_API, type Json, type PageResponse } from '../editor/protocol/api';

const ROOT = path.resolve(import.meta.dirname, '..');
const PROJECT = 'cesa-bench-academy';
const REQUESTS = Number(process.argv[2] ?? 200);
const AT_ONCE = 4;

const temp = mkdtempSync(path.join(tmpdir(), 'cesa-bench-hosted-'));
const git = (dir: string, ...args: string[]) => execFileSync('git', ['-C', dir, '-c', 'user.name=Dev', '-c', 'user.email=dev@example.com', '-c', 'init.defaultBranch=main', ...args], { encoding: 'utf8' });

/** This site's pages, templates and files, with two editors, as the server's remote. */
function remoteRepository(): string {
  const work = path.join(temp, 'site');
  for (const folder of ['pages', 'public']) cpSync(path.join(ROOT, folder), path.join(work, folder), { recursive: true });
  writeFileSync(
    path.join(work, 'editors.yaml'),
    'editors:\n  - { email: asha@example.com, name: Asha, role: editor }\n  - { email: ravi@example.com, name: Ravi, role: editor }\n',
  );
  git(work, 'init', '--quiet');
  git(work, 'add', '--all');
  git(work, 'commit', '--quiet', '-m', 'The site');
  const remote = path.join(temp, 'remote.git');
  execFileSync('git', ['clone', '--quiet', '--bare', work, remote]);
  return remote;
}

const coursePage = (name: string, texts: readonly string[]): Json => ({
  meta: { title: 'A course', description: 'About the course.', keywords: 'course', course: { name, group: 'structure', menu: false } },
  sections: [{ type: 'hero', title: texts[0] ?? 'A course' }, ...texts.slice(1).map((text) => ({ type: 'faq', title: 'Questions', items: [{ question: 'What?', answer: text }] }))],
});

/** The bodies replayed in turn: R1, bigger, split over many texts, and R1 again as a save. */
const BODIES: { endpoint: 'validate' | 'save'; data: Json }[] = [
  { endpoint: 'validate', data: coursePage('N'.repeat(100_000), Array.from({ length: 10 }, () => '{name}'.repeat(5_000))) },
  { endpoint: 'validate', data: coursePage('N'.repeat(400_000), Array.from({ length: 20 }, () => '{name}'.repeat(4_000))) },
  { endpoint: 'validate', data: coursePage('N'.repeat(20_000), Array.from({ length: 2_000 }, (_, index) => `Item ${index}: {name} and {name} again`)) },
  { endpoint: 'save', data: coursePage('N'.repeat(100_000), Array.from({ length: 10 }, () => '{name}'.repeat(5_000))) },
];

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

function memory(): NodeJS.MemoryUsage {
  (globalThis as { gc?: () => void }).gc?.();
  return process.memoryUsage();
}

async function main(): Promise<void> {
  const remote = remoteRepository();
  const google = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(google.publicKey)), kid: 'bench-1', alg: 'RS256', use: 'sig' };
  const editor = await startHostedEditor({
    root: ROOT,
    host: '127.0.0.1',
    port: 0,
    projectId: PROJECT,
    firebase: { apiKey: 'bench-key', authDomain: `${PROJECT}.firebaseapp.com` },
    remote,
    stateDir: path.join(temp, 'state'),
    verifier: signedTokenVerifier({ projectId: PROJECT, keys: createLocalJWKSet({ keys: [jwk] }) }),
    // The bench asks more than a person would: the rate limits are not what it measures.
    limits: { save: { count: 100_000, perMs: 60_000 }, read: { count: 100_000, perMs: 60_000 }, 'sign-in': { count: 100, perMs: 60_000 } },
    log: (entry) => {
      if (entry.event === 'save-failed') console.log(JSON.stringify(entry));
    },
  });
  const at = editor.address;
  const call = async (method: string, endpoint: string, cookie: string, body?: unknown) => {
    const response = await fetch(`${at}${EDITOR_API}/${endpoint}`, {
      method,
      headers: { Cookie: cookie, ...(method === 'GET' ? {} : { Origin: at, 'Sec-Fetch-Site': 'same-origin', 'Content-Type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: (await response.json()) as unknown };
  };
  const signIn = async (email: string, name: string) => {
    const now = Math.floor(Date.now() / 1000);
    const claims = { iss: `https://securetoken.google.com/${PROJECT}`, aud: PROJECT, auth_time: now, sub: `uid-${email}`, user_id: `uid-${email}`, iat: now, exp: now + 3600, email, email_verified: true, name, firebase: { sign_in_provider: 'google.com', identities: { 'google.com': ['1'], email: [email] } } };
    const idToken = await new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: 'bench-1', typ: 'JWT' }).sign(google.privateKey);
    const response = await fetch(`${at}${EDITOR_API}/session`, { method: 'POST', headers: { Origin: at, 'Content-Type': 'application/json' }, body: JSON.stringify({ idToken }) });
    if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
    return (response.headers.get('set-cookie') ?? '').split(';')[0]!;
  };
  try {
    const asha = await signIn('asha@example.com', 'Asha');
    const ravi = await signIn('ravi@example.com', 'Ravi');
    // Warm: both drafts made, their content loaded, the threads ready.
    await call('GET', 'pages', ravi);
    await call('POST', 'validate', asha, { file: 'pages/etabs.yaml', data: coursePage('ETABS', ['Learn {name}']) });
    const before = memory();

    const statuses = new Map<number, number>();
    const refusals = new Map<number, string>();
    const waits: number[] = [];
    let sent = 0;
    let reading = true;
    // Ravi reads the page list over and over while the bodies are replayed.
    const reader = (async () => {
      while (reading) {
        const started = performance.now();
        const answer = await call('GET', 'pages', ravi);
        if (answer.status !== 200) throw new Error(`the other editor was refused: ${answer.status}`);
        waits.push(performance.now() - started);
      }
    })();
    const started = performance.now();
    const sender = async () => {
      while (sent < REQUESTS) {
        const { endpoint, data } = BODIES[sent++ % BODIES.length]!;
        let answer;
        if (endpoint === 'save') {
          const page = (await call('GET', 'page?file=pages/etabs.yaml', asha)).body as PageResponse;
          answer = await call('POST', 'save', asha, { file: 'pages/etabs.yaml', data, version: page.version });
        } else answer = await call('POST', 'validate', asha, { file: 'pages/etabs.yaml', data });
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        if (answer.status !== 200 && !refusals.has(answer.status)) refusals.set(answer.status, JSON.stringify(answer.body));
      }
    };
    await Promise.all(Array.from({ length: AT_ONCE }, sender));
    const elapsed = performance.now() - started;
    reading = false;
    await reader;
    const after = memory();
    waits.sort((a, b) => a - b);
    const health = await fetch(`${at}/healthz`);

    console.log(`${REQUESTS} requests (R1, bigger, split, R1 saved), ${AT_ONCE} at once, in ${(elapsed / 1000).toFixed(1)} s; answers by status: ${JSON.stringify(Object.fromEntries(statuses))}`);
    for (const [status, body] of refusals) console.log(`  ${status}: ${body}`);
    console.log(`the other editor's page list: ${waits.length} answers, median ${waits[Math.floor(waits.length / 2)]?.toFixed(0)} ms, slowest ${waits.at(-1)?.toFixed(0)} ms`);
    console.log(`server's memory (${(globalThis as { gc?: unknown }).gc ? 'after a full collection' : 'no --expose-gc: without a collection'}):`);
    console.log(`  heap used  ${megabytes(before.heapUsed)} → ${megabytes(after.heapUsed)} (${after.heapUsed >= before.heapUsed ? '+' : ''}${megabytes(after.heapUsed - before.heapUsed)})`);
    console.log(`  resident   ${megabytes(before.rss)} → ${megabytes(after.rss)} (${after.rss >= before.rss ? '+' : ''}${megabytes(after.rss - before.rss)}, threads included)`);
    console.log(`checking threads replaced: ${editor.checks.replaced}; the server answers /healthz: ${health.status}`);
  } finally {
    await editor.close();
    rmSync(temp, { recursive: true, force: true });
  }
}

await main();
