/**
 * Every build the hosted editor makes (a draft's preview, a publish, the update for a new date, a
 * scheduled publish made ahead) is made for a date in India, from the server's clock
 * (hosted/clock.ts): the output depends on code, content and that date only (buildSite's `today`).
 */
import { buildSite, type BuildOptions } from '../../scripts/builder/site-build';

/** buildSite for `today` (`YYYY-MM-DD`, a date in India). */
export function datedBuild(options: BuildOptions, today: string): ReturnType<typeof buildSite> {
  const dated: BuildOptions & { today: string } = { ...options, today };
  return buildSite(dated);
}
