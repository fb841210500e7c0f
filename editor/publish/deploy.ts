/**
 * Putting a built site live. With no configuration (everything on this computer) the live site is a
 * folder served as `npm start` serves it: `current`, a link to the published build, swapped in one
 * rename (a visitor gets the old site or the new one, never half of each). In production,
 * `firebase deploy` of the build to the academy's Firebase Hosting, under a service account named in
 * the server's configuration, with fixed arguments only.
 */
import { execFile } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, readlinkSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { deployProblems, formatDeployProblems, readSiteFirebase } from '../../scripts/hosting/deploy-config';
import { serve, type RunningServer } from '../../scripts/hosting/serve';

/** The deploy did not happen: `message` for the server's log (the publisher is told in plain words). */
export class DeployError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DeployError';
  }
}

export interface Deployer {
  /** Where the site goes, in words for the publisher: "the live site on this computer". */
  readonly name: string;
  /** Why content in `contentRoot` may not be deployed here (a demo sign-in project in production), or nothing. */
  problems(contentRoot: string): string[];
  /** Puts `build` live with the response headers of `firebaseJson` (the content's firebase.json). Throws DeployError. */
  deploy(build: string, firebaseJson: string): Promise<void>;
}

/** The live site of the on-this-computer mode: a folder whose `current` link is swapped, served on loopback. */
export class LiveFolder implements Deployer {
  readonly name = 'the live site on this computer';
  readonly link: string;
  private readonly headers: string;
  private server: RunningServer | null = null;
  private port = 0;

  constructor(readonly dir: string) {
    mkdirSync(dir, { recursive: true });
    this.link = path.join(dir, 'current');
    this.headers = path.join(dir, 'current.firebase.json');
  }

  /** The build that is live, or null before the first. */
  current(): string | null {
    try {
      return readlinkSync(this.link);
    } catch {
      return null;
    }
  }

  problems(): string[] {
    return [];
  }

  async deploy(build: string, firebaseJson: string): Promise<void> {
    if (!existsSync(path.join(build, 'index.html'))) throw new DeployError(`${build} has no index.html: it is not a built site.`);
    try {
      copyFileSync(firebaseJson, `${this.headers}.next`);
      const next = `${this.link}.next`;
      rmSync(next, { force: true });
      symlinkSync(path.resolve(build), next);
      // rename(2) replaces the link in one step.
      renameSync(next, this.link);
      renameSync(`${this.headers}.next`, this.headers);
    } catch (error) {
      throw new DeployError(`The live folder ${this.dir} could not be switched to ${build}: ${error instanceof Error ? error.message : String(error)}`);
    }
    // The server reads redirects and headers when it starts: started again on the same address.
    if (this.server) await this.restart();
  }

  /** Serves the live site (after the first deploy) on a loopback port; the same port after each deploy. */
  async serve(): Promise<string> {
    if (!this.server) await this.restart();
    return this.server!.url;
  }

  private async restart(): Promise<void> {
    await this.server?.close();
    this.server = await serve({ root: this.link, host: '127.0.0.1', port: this.port, firebaseJson: this.headers });
    this.port = Number(new URL(this.server.url).port);
  }

  async close(): Promise<void> {
    await this.server?.close();
    this.server = null;
  }
}

export interface FirebaseHostingOptions {
  /** The academy's Firebase project. */
  projectId: string;
  /** The service account's key file (JSON), allowed to deploy Hosting and nothing more (README). */
  credentials: string;
  /** The firebase command: the project's own (node_modules/.bin/firebase). */
  command: string;
  /** A folder of the server's where the deploy's firebase.json is written. */
  workDir: string;
}

const DEPLOY_TIMEOUT_MS = 15 * 60_000;

/** `firebase deploy --only hosting` of a build, under a service account. */
export class FirebaseHosting implements Deployer {
  readonly name: string;

  constructor(private readonly options: FirebaseHostingOptions) {
    this.name = `Firebase Hosting (project ${options.projectId})`;
  }

  problems(contentRoot: string): string[] {
    const signIn = readSiteFirebase(contentRoot);
    if (!signIn) return [];
    const problems = deployProblems(signIn, {});
    return problems.length === 0 ? [] : [formatDeployProblems(problems)];
  }

  async deploy(build: string, firebaseJson: string): Promise<void> {
    mkdirSync(this.options.workDir, { recursive: true });
    // The content's hosting settings, the build as what is uploaded; no predeploy build (it is built), no emulators.
    const config = JSON.parse(readFileSync(firebaseJson, 'utf8')) as { hosting: Record<string, unknown> };
    const hosting: Record<string, unknown> = { ...config.hosting, public: path.resolve(build) };
    delete hosting.predeploy;
    const file = path.join(this.options.workDir, 'firebase.json');
    writeFileSync(file, JSON.stringify({ hosting }, null, 2));
    const args = ['deploy', '--only', 'hosting', '--project', this.options.projectId, '--config', file, '--non-interactive'];
    await new Promise<void>((resolve, reject) => {
      execFile(
        this.options.command,
        args,
        {
          cwd: this.options.workDir,
          timeout: DEPLOY_TIMEOUT_MS,
          maxBuffer: 16 * 1024 * 1024,
          env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? '/nonexistent', GOOGLE_APPLICATION_CREDENTIALS: this.options.credentials, CI: '1' },
        },
        (error, stdout, stderr) => {
          if (!error) return resolve();
          const said = `${stdout}\n${stderr}`.trim().split('\n').slice(-5).join(' | ');
          reject(new DeployError(`firebase ${args.join(' ')} failed: ${said || error.message}`));
        },
      );
    });
  }
}
