/** The code fingerprint decides whether the bundles are made again: only code that shapes the output counts. */
// @vitest-environment node
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { codeFingerprint } from '../../scripts/builder/build-cache';

let project: string;
const put = (file: string, text: string) => {
  mkdirSync(path.dirname(path.join(project, file)), { recursive: true });
  writeFileSync(path.join(project, file), text);
};

beforeEach(() => {
  project = mkdtempSync(path.join(tmpdir(), 'cesa-fingerprint-'));
  for (const file of ['src/site.ts', 'scripts/builder/prerender.ts', 'scripts/images/images.ts', 'scripts/codegen/section-index.mjs', 'scripts/bench/synthetic.ts', 'scripts/dev/dev-plugin.ts', 'editor/server/api.ts', 'editor/app/EditorApp.tsx', 'scripts/hosting/serve.ts', 'commands/audit.ts', 'vite.config.ts']) {
    put(file, `// ${file}\n`);
  }
});
afterEach(() => rmSync(project, { recursive: true, force: true }));

describe('codeFingerprint', () => {
  it.each(['src/site.ts', 'scripts/builder/prerender.ts', 'scripts/images/images.ts', 'scripts/codegen/section-index.mjs', 'vite.config.ts'])('changes when %s changes', (file) => {
    const before = codeFingerprint(project);
    put(file, `// ${file}, changed\n`);
    expect(codeFingerprint(project)).not.toBe(before);
  });

  it.each(['scripts/bench/synthetic.ts', 'scripts/dev/dev-plugin.ts', 'editor/server/api.ts', 'editor/app/EditorApp.tsx', 'scripts/hosting/serve.ts', 'commands/audit.ts'])('stays when %s changes (it shapes no output)', (file) => {
    const before = codeFingerprint(project);
    put(file, `// ${file}, changed\n`);
    expect(codeFingerprint(project)).toBe(before);
  });
});
