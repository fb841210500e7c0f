/**
 * Is this build's sign-in configuration fit to deploy? The `firebase` block of pages/_site.yaml
 * ships with example values for the local Auth emulator (project `demo-cesa`): a site built from
 * them shows a Login button that cannot work anywhere but on the editor's computer.
 * `npm run build -- --deploy` (which `firebase deploy` runs first) refuses such a configuration,
 * located in the file; a plain build goes ahead and says that its output is for local use only.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { CORE_SCHEMA, load } from 'js-yaml';
import { authConfig } from '../../src/auth/config';
import { DEMO_API_KEY, DEMO_APP_ID, isDemoProject } from '../../src/content/firebase-demo';
import { formatError, type ContentError } from '../../src/content/errors';
import { SITE_FILE } from '../../src/content/load';
import { SiteSchema, type FirebaseWebConfig } from '../../src/content/site-schema';
import { problem, type ErrorParams } from '../../src/content/error-codes';
import type { Locator } from '../../src/content/locate';
import { validateYaml } from '../../src/content/validate';

/** The sign-in configuration of a content tree, with a way to point at its lines. */
export interface SiteFirebase {
  /** As printed in messages, e.g. pages/_site.yaml. */
  file: string;
  firebase: FirebaseWebConfig;
  /** False when the site document has no `firebase` block (the schema's demo default applies). */
  written: boolean;
  locate: Locator;
}

/** The build's Vite env variables (VITE_*), from the environment and .env files. */
export type BuildEnv = Record<string, string | undefined>;

/** A problem that is not in a file: an environment variable. */
export interface EnvProblem {
  variable: string;
  value: string;
  message: string;
  hint: string;
}

export type DeployProblem = ContentError | EnvProblem;

/** A browser API key of Google Cloud: "AIza" and 35 more characters. */
const API_KEY = /^AIza[0-9A-Za-z_-]{35}$/;

/**
 * The `firebase` block of `<contentRoot>/pages/_site.yaml`, or null when the site document is
 * missing or invalid (the build reports that itself, with every other content error).
 */
export function readSiteFirebase(contentRoot: string): SiteFirebase | null {
  const absolute = path.join(contentRoot, 'pages', SITE_FILE);
  if (!existsSync(absolute)) return null;
  const file = `pages/${SITE_FILE}`;
  const source = readFileSync(absolute, 'utf8');
  const result = validateYaml(SiteSchema, file, source);
  if (!result.ok) return null;
  const raw = load(source, { schema: CORE_SCHEMA }) as Record<string, unknown>;
  return { file, firebase: result.value.firebase, written: raw.firebase !== undefined, locate: result.locate };
}

/** True when a build with this configuration signs in with an Auth emulator, not Firebase. */
export function isEmulatorBuild(firebase: FirebaseWebConfig, env: BuildEnv): boolean {
  return authConfig({ VITE_AUTH_EMULATOR_HOST: env.VITE_AUTH_EMULATOR_HOST }, firebase).emulatorUrl !== null;
}

/** Everything that stops this configuration from being deployed; empty when it may be. */
export function deployProblems({ firebase, written, locate }: SiteFirebase, env: BuildEnv): DeployProblem[] {
  const problems: DeployProblem[] = [];
  const at = (field: keyof FirebaseWebConfig, params: ErrorParams<'invalid-value'>) => problems.push(locate(['firebase', field], problem('invalid-value', params)));

  if (!written) {
    problems.push(locate(['firebase'], problem('missing-field', { case: 'firebase' })));
  } else {
    const { apiKey, authDomain, projectId, appId } = firebase;
    if (isDemoProject(projectId)) at('projectId', { case: 'firebase-demo-project', projectId });
    if (apiKey === DEMO_API_KEY || /^demo-|example/i.test(apiKey)) at('apiKey', { case: 'firebase-example-api-key', apiKey });
    else if (!API_KEY.test(apiKey)) at('apiKey', { case: 'firebase-api-key', apiKey });
    // Not compared with projectId: any Hosting site of the project (<site>.firebaseapp.com) or a custom domain may serve sign-in.
    if (/^demo-|(^|\.)example\.(com|org|net)$/i.test(authDomain)) at('authDomain', { case: 'firebase-example-auth-domain', authDomain });
    if (appId === DEMO_APP_ID || (appId && /^\d+:0+:web:0+$/.test(appId))) at('appId', { case: 'firebase-example-app-id', appId });
  }

  problems.sort((a, b) => ('line' in a && 'line' in b ? a.line - b.line || a.column - b.column : 0));

  const emulator = env.VITE_AUTH_EMULATOR_HOST?.trim();
  if (emulator) {
    problems.push({
      variable: 'VITE_AUTH_EMULATOR_HOST',
      value: emulator,
      message: 'is set, so the build would sign in with an Auth emulator instead of Firebase',
      hint: 'Unset it for a deploy build (look in the shell and in .env files too).',
    });
  }
  return problems;
}

/** The VITE_FIREBASE_* variables that are set: a leftover of when the configuration came from the environment. */
export function ignoredFirebaseVariables(env: BuildEnv): string[] {
  return Object.keys(env)
    .filter((name) => name.startsWith('VITE_FIREBASE_') && env[name]?.trim())
    .sort();
}

export function formatDeployProblems(problems: readonly DeployProblem[], { color = false }: { color?: boolean } = {}): string {
  const paint = (code: string, text: string) => (color ? `\x1b[${code}m${text}\x1b[0m` : text);
  const blocks = problems.map((problem) =>
    'variable' in problem
      ? [`${paint('1', `environment variable ${problem.variable}=${problem.value}`)}`, `  ${paint('31', problem.message)}`, `  ${paint('32', problem.hint)}`].join('\n')
      : formatError(problem, { color }),
  );
  const summary = `${problems.length} sign-in ${problems.length === 1 ? 'setting' : 'settings'} to fix: this build cannot be deployed.`;
  return [...blocks, summary].join('\n\n');
}
