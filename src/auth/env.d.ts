/**
 * Typed Vite env variables read by src/auth/config.ts. The Firebase web configuration itself is the
 * `firebase` block of pages/_site.yaml (README: "Sign-in and the brochure").
 */
interface ImportMetaEnv {
  /** `host:port` of an Auth emulator to sign in against instead of the configured project. */
  readonly VITE_AUTH_EMULATOR_HOST?: string;
}
