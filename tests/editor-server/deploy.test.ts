/**
 * Deploying in production: `firebase deploy` with fixed arguments under the configured service
 * account, of the build the server made, with the content's hosting settings and no predeploy build;
 * its failure is a DeployError carrying what firebase said (the publisher then gets "Publish again").
 * A small stand-in for the firebase command records how it was run (no network here).
 */
// @tier slow: runs a stand-in deploy command
// @vitest-environment node
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DeployError, FirebaseHosting } from '../../editor/publish/deploy';
import { writeInto } from '../helpers/dev-content';

const temp = mkdtempSync(path.join(tmpdir(), 'cesa-deploy-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

/** A firebase command that writes its arguments, its environment's credentials and the config it was given, then exits with `code`. */
function firebaseCommand(code: number): string {
  const file = path.join(temp, `firebase-${code}`);
  writeFileSync(
    file,
    `#!/bin/sh\nprintf '%s\\n' "$@" > "${temp}/args"\nprintf '%s' "$GOOGLE_APPLICATION_CREDENTIALS" > "${temp}/credentials"\nwhile [ "$1" != "--config" ]; do shift; done\ncp "$2" "${temp}/config.json"\necho "Error: HTTP Error: 403, The caller does not have permission" >&2\nexit ${code}\n`,
  );
  chmodSync(file, 0o755);
  return file;
}

const build = path.join(temp, 'builds', 'abc');
writeInto(build, 'index.html', '<!doctype html><title>Home</title>');
const headers = `${build}.firebase.json`;
writeFileSync(headers, JSON.stringify({ emulators: { auth: { port: 9099 } }, hosting: { public: 'dist', predeploy: ['npm run build -- --deploy'], cleanUrls: true, headers: [{ source: '**', headers: [{ key: 'X-Frame-Options', value: 'DENY' }] }] } }));

describe('firebase deploy', () => {
  it('runs with fixed arguments under the service account, deploying the build with the content’s hosting settings', async () => {
    const hosting = new FirebaseHosting({ projectId: 'cesa-academy', credentials: '/secrets/deployer.json', command: firebaseCommand(0), workDir: path.join(temp, 'work') });
    await hosting.deploy(build, headers);
    const config = path.join(temp, 'work', 'firebase.json');
    expect(readFileSync(path.join(temp, 'args'), 'utf8').split('\n').filter(Boolean)).toEqual(['deploy', '--only', 'hosting', '--project', 'cesa-academy', '--config', config, '--non-interactive']);
    expect(readFileSync(path.join(temp, 'credentials'), 'utf8')).toBe('/secrets/deployer.json');
    expect(JSON.parse(readFileSync(path.join(temp, 'config.json'), 'utf8'))).toEqual({
      hosting: { public: build, cleanUrls: true, headers: [{ source: '**', headers: [{ key: 'X-Frame-Options', value: 'DENY' }] }] },
    });
  });

  it('fails with what firebase said', async () => {
    const hosting = new FirebaseHosting({ projectId: 'cesa-academy', credentials: '/secrets/deployer.json', command: firebaseCommand(1), workDir: path.join(temp, 'work') });
    const failed = hosting.deploy(build, headers);
    await expect(failed).rejects.toBeInstanceOf(DeployError);
    await expect(failed).rejects.toThrow('The caller does not have permission');
  });
});
