/**
 * The example Firebase project of pages/_site.yaml, the default of its `firebase` block: a site
 * without its own project is built for the local Auth emulator. Content, not sign-in code: the
 * schema's default, the sign-in code (src/auth/config.ts) and the deploy checks all read it here.
 */

/** The example project's id: `demo-` is the prefix the Auth emulator accepts offline. */
export const DEMO_PROJECT_ID = 'demo-cesa';
/** Any string works with the emulator; it only has to be stable (it keys the stored session). */
export const DEMO_API_KEY = 'demo-cesa-api-key';
/** An app id of the right shape, all zeros: plainly not a real one. */
export const DEMO_APP_ID = '1:000000000000:web:0000000000000000';

/** A `demo-` project exists only in the emulator: such a build can only sign in locally. */
export function isDemoProject(projectId: string): boolean {
  return projectId.startsWith('demo-');
}
