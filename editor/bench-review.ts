/**
 * What the publishers' review of one ready draft costs (`npm run bench -- review`): the draft's merge
 * planned and its changes made visible (editor/publish/merge-plan.ts, visible.ts: all the review does
 * per draft) on a real git repository, for drafts of about 1 MB a page: a gallery listing one photo
 * 26,000 times, a new page of 1 MB of paragraphs and links, a page of 1 MB with one paragraph changed,
 * and ten gallery pages at once. Prints the time, the answer's size (its JSON) and the memory taken;
 * asserts nothing. The goal: within 5 s and 5 MB for a 1 MB page.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { PublishClone } from './publish/clone';
import { planMerge } from './publish/merge-plan';
import { visibleChanges } from './publish/visible';

const PAGE_HEAD = 'meta:\n  title: Gallery\n  description: Our classrooms.\nsections:\n  - type: hero\n    title: Our classrooms\n    text: Where we teach.\n';

function gallery(times: number): string {
  return `${PAGE_HEAD}  - type: gallery\n    title: Every room\n    images:\n${'      - { src: /images/room.jpg, alt: A classroom }\n'.repeat(times)}`;
}

/** About `bytes` of paragraphs, each with a link card; `variant` changes one paragraph in the middle. */
function wordy(bytes: number, variant = ''): string {
  const cards: string[] = [];
  let size = 0;
  for (let index = 0; size < bytes; index++) {
    const card = `      - title: Topic ${index}${index === 500 ? variant : ''}\n        text: Paragraph ${index} explains how a frame is analysed and designed, step by step, in the classroom.\n        href: https://example.com/topic/${index % 50}\n`;
    cards.push(card);
    size += card.length;
  }
  return `${PAGE_HEAD}  - type: role-cards\n    title: Topics\n    cards:\n${cards.join('')}`;
}

export async function measureReview(): Promise<string[]> {
  const temp = mkdtempSync(path.join(tmpdir(), 'cesa-bench-review-'));
  const dir = path.join(temp, 'clone');
  mkdirSync(dir);
  const env = { ...process.env, GIT_AUTHOR_NAME: 'B', GIT_AUTHOR_EMAIL: 'b@example.com', GIT_COMMITTER_NAME: 'B', GIT_COMMITTER_EMAIL: 'b@example.com' };
  const git = (...args: string[]) => execFileSync('git', ['-C', dir, ...args], { encoding: 'utf8', env }).trim();
  const commit = (from: string | null, files: Record<string, string | Buffer>) => {
    if (from) git('checkout', '--quiet', '--detach', from);
    for (const [file, content] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      writeFileSync(path.join(dir, file), content);
    }
    git('add', '--all');
    git('commit', '--quiet', '-m', 'bench');
    return git('rev-parse', 'HEAD');
  };
  try {
    git('init', '--quiet', '-b', 'main');
    const photo = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: '#557799' } }).jpeg().toBuffer();
    const main = commit(null, { 'pages/long.yaml': wordy(1_000_000), 'public/images/room.jpg': photo, 'firebase.json': '{}' });
    const repo = new PublishClone(dir, path.join(temp, 'nowhere'), { name: 'B', email: 'b@example.com' });
    const drafts: [string, string][] = [
      ['a gallery listing one photo 26,000 times (a new page)', commit(main, { 'pages/gallery.yaml': gallery(26_000) })],
      ['a new page of 1 MB: paragraphs, each with a link', commit(main, { 'pages/new.yaml': wordy(1_000_000) })],
      ['a page of 1 MB with one paragraph changed', commit(main, { 'pages/long.yaml': wordy(1_000_000, ' and more') })],
      ['ten gallery pages of 26,000 entries', commit(main, Object.fromEntries(Array.from({ length: 10 }, (_, index) => [`pages/gallery-${index}.yaml`, gallery(26_000)])))],
    ];
    const lines: string[] = [];
    for (const [what, draft] of drafts) {
      global.gc?.();
      const heap = process.memoryUsage().heapUsed;
      const started = performance.now();
      const plan = await planMerge(repo, main, draft);
      const files = await visibleChanges(repo, { main, draft }, plan.review, plan.documents);
      const answer = JSON.stringify({ files, conflicts: plan.conflicts, digest: plan.digest, origins: plan.origins });
      const seconds = (performance.now() - started) / 1000;
      const taken = (process.memoryUsage().heapUsed - heap) / 1024 / 1024;
      const yaml = plan.review.reduce((sum, file) => sum + (file.published?.length ?? 0), 0);
      lines.push(`  ${what} (${(yaml / 1024 / 1024).toFixed(1)} MB of YAML published): ${seconds.toFixed(2)} s, answer ${(answer.length / 1024).toFixed(0)} KB, heap +${taken.toFixed(0)} MB while it is held`);
    }
    return ['The publishers\' review of one ready draft (merge planned, changes made visible, as JSON):', ...lines];
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }
}
