/** `npm run new` prints the address `npm run dev` serves the page at: the same host and PORT. */
// @tier slow: starts npm run dev
// @vitest-environment node
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_DEV_PORT, DEV_HOST, devPort, devUrl } from '../../scripts/dev/dev-address';
import { devServerConfig } from '../../scripts/dev/dev-plugin';

const root = path.resolve(import.meta.dirname, '../..');

describe("the dev server's address", () => {
  it('is 127.0.0.1 and PORT, or 5173 when PORT is unset or empty', () => {
    expect(devUrl('/etabs', {})).toBe('http://127.0.0.1:5173/etabs');
    expect(devUrl('/etabs', { PORT: '' })).toBe('http://127.0.0.1:5173/etabs');
    expect(devUrl('/etabs', { PORT: '6001' })).toBe('http://127.0.0.1:6001/etabs');
    expect(devPort({ PORT: ' 8080 ' })).toBe(8080);
  });

  it('refuses a PORT that is not a port, in plain words', () => {
    for (const PORT of ['abc', '0', '70000', '51.73', '-1']) expect(() => devPort({ PORT })).toThrow(/is not a port number: use a whole number from 1 to 65535/);
  });

  it('is what the dev server listens on, and it does not move to another port when that one is taken', () => {
    const config = devServerConfig(root, { port: devPort({ PORT: '6001' }) });
    expect(config.server).toMatchObject({ host: DEV_HOST, port: 6001, strictPort: true });
    expect(devServerConfig(root, { port: DEFAULT_DEV_PORT }).server).toMatchObject({ port: 5173, strictPort: true });
  });
});

describe('npm run new', { timeout: 60_000 }, () => {
  let project: string;
  beforeEach(() => {
    project = mkdtempSync(path.join(tmpdir(), 'cesa-new-address-'));
    cpSync(path.join(root, 'pages'), path.join(project, 'pages'), { recursive: true });
  });
  afterEach(() => rmSync(project, { recursive: true, force: true }));

  const newPage = (env: NodeJS.ProcessEnv, ...args: string[]) => {
    const { PORT: _, ...rest } = process.env;
    return spawnSync(process.execPath, ['--import', path.join(root, 'node_modules/tsx/dist/loader.mjs'), path.join(root, 'commands/new-page.ts'), ...args], {
      cwd: project,
      encoding: 'utf8',
      env: { ...rest, ...env },
    });
  };

  it('prints the address with the port npm run dev uses', () => {
    expect(newPage({ PORT: '6001' }, '/tekla-structures', '--name', 'Tekla Structures').stdout).toContain('see it at http://127.0.0.1:6001/tekla-structures (npm run dev)');
    expect(newPage({}, '/gate/2027-dates', '--name', 'GATE 2027 dates').stdout).toContain('see it at http://127.0.0.1:5173/gate/2027-dates (npm run dev)');
  });

  it('still creates the page with a PORT npm run dev would refuse, and says why', () => {
    const result = newPage({ PORT: 'abc' }, '/tekla-structures', '--name', 'Tekla Structures');
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('Created pages/tekla-structures.yaml');
    expect(result.stderr).toContain('PORT=abc is not a port number');
  });
});
