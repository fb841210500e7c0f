/**
 * `npm run bench [-- 60 1000 5000]`: generates N synthetic pages (about 17 KB of YAML each) in a
 * temporary folder and times the content check and the prerender, each size in its own process so
 * peak memory is that size's own. Prints pages per second and peak memory.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { CORE_SCHEMA, load } from 'js-yaml';
import { LineCounter, parseDocument } from 'yaml';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { OutputWriter } from './lib/build-cache';
import { loadContentCached, prerenderFast, workerCount } from './lib/parallel';
import { readTemplate } from './lib/prerender';
import { bundle } from './lib/site-build';
import { writeSyntheticProject } from './lib/synthetic';

interface Figures {
  pages: number;
  kbPerPage: number;
  threads: number;
  checkSeconds: number;
  renderSeconds: number;
  /** The check again, unchanged files served from the content-hash cache. */
  recheckSeconds: number;
  peakMb: number;
  /** Parsing alone, per page: js-yaml (the fast path) and yaml with positions (every error's locations). */
  parseMs: { jsYaml: number; yaml: number };
}

const args = process.argv.slice(2);

if (args[0] === '--child') {
  const [, count, bundles] = args as [string, string, string];
  console.log(JSON.stringify(await measure(Number(count), bundles)));
} else {
  const sizes = args.length > 0 ? args.map(Number) : [60, 1000, 5000];
  const work = mkdtempSync(path.join(tmpdir(), 'cesa-bench-'));
  try {
    console.log('Bundling the site once (Vite client and server builds)…');
    await bundle(process.cwd(), path.join(work, 'client'), path.join(process.cwd(), 'node_modules/.cache/cesa-bench-server'));
    const rows: Figures[] = [];
    for (const size of sizes) {
      const output = execFileSync(process.execPath, ['--import', 'tsx', 'scripts/bench.ts', '--child', String(size), work], { encoding: 'utf8', maxBuffer: 1 << 24 });
      rows.push(JSON.parse(output.trim().split('\n').pop()!) as Figures);
      const row = rows[rows.length - 1]!;
      console.log(`${row.pages} pages done.`);
    }
    print(rows);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

async function measure(count: number, bundles: string): Promise<Figures> {
  const root = mkdtempSync(path.join(tmpdir(), 'cesa-bench-pages-'));
  try {
    const bytes = writeSyntheticProject(root, count);
    const serverDir = path.join(process.cwd(), 'node_modules/.cache/cesa-bench-server');
    const template = readTemplate(path.join(bundles, 'client'));
    const cacheDir = path.join(root, 'cache');

    let started = performance.now();
    const content = loadContentCached({ root, cacheDir });
    const checkSeconds = (performance.now() - started) / 1000;
    if (content.errors.length > 0 || !content.site) throw new Error(`synthetic content is invalid: ${JSON.stringify(content.errors[0])}`);

    started = performance.now();
    await prerenderFast(serverDir, template, content.site, content, new OutputWriter(path.join(root, 'out'), 'bench'));
    const renderSeconds = (performance.now() - started) / 1000;

    started = performance.now();
    loadContentCached({ root, cacheDir });
    const recheckSeconds = (performance.now() - started) / 1000;

    const peakMb = process.resourceUsage().maxRSS / 1024;
    return { pages: count, kbPerPage: bytes / count / 1024, threads: workerCount(count), checkSeconds, renderSeconds, recheckSeconds, peakMb, parseMs: parseCosts(root) };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

/** What the second parser costs: both parse every page once (after the check has warmed them up). */
function parseCosts(root: string): Figures['parseMs'] {
  const sources = readdirSync(path.join(root, 'pages'))
    .filter((file) => file.endsWith('.yaml'))
    .map((file) => readFileSync(path.join(root, 'pages', file), 'utf8'));
  const time = (parse: (source: string) => unknown) => {
    const started = performance.now();
    for (const source of sources) parse(source);
    return (performance.now() - started) / sources.length;
  };
  return {
    jsYaml: time((source) => load(source, { schema: CORE_SCHEMA })),
    yaml: time((source) => parseDocument(source, { lineCounter: new LineCounter(), uniqueKeys: true }).toJS()),
  };
}

function print(rows: Figures[]): void {
  const line = (cells: string[]) => cells.map((cell, index) => (index === 0 ? cell.padEnd(6) : cell.padStart(10))).join(' ');
  console.log(`\n${line(['pages', 'KB/page', 'threads', 'check s', 'check p/s', 'render s', 'render p/s', 'total p/s', 'recheck p/s', 'peak MB'])}`);
  for (const row of rows) {
    console.log(
      line([
        String(row.pages),
        row.kbPerPage.toFixed(1),
        String(row.threads),
        row.checkSeconds.toFixed(2),
        (row.pages / row.checkSeconds).toFixed(0),
        row.renderSeconds.toFixed(2),
        (row.pages / row.renderSeconds).toFixed(0),
        (row.pages / (row.checkSeconds + row.renderSeconds)).toFixed(0),
        (row.pages / row.recheckSeconds).toFixed(0),
        row.peakMb.toFixed(0),
      ]),
    );
  }
  console.log(
    [
      '',
      'p/s = pages per second, on this machine (`nproc` cores; threads = worker threads used).',
      'check   = read + parse YAML + validate every page (zod) + links, images, routes (cold: no cache).',
      'render  = prerender every page to HTML + its page data, written to disk.',
      'total   = check + render, cold. recheck = the check again with every file unchanged (content-hash cache).',
    ].join('\n'),
  );
  for (const row of rows) {
    console.log(
      `parse only, ${row.pages} pages: js-yaml ${row.parseMs.jsYaml.toFixed(2)} ms/page, yaml with positions ${row.parseMs.yaml.toFixed(2)} ms/page ` +
        `(${(row.parseMs.yaml / row.parseMs.jsYaml).toFixed(1)}× : the fast path for files with no mistake).`,
    );
  }
}
