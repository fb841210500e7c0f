/**
 * Speculation rules: the browser fetches the next page while the visitor is still reaching for its
 * link, so a full page load between the site's pages starts from a response already in memory.
 *
 * They reach the page without any inline script: every HTML response carries a `Speculation-Rules`
 * header (firebase.json, scripts/hosting/firebase-json.ts; scripts/hosting/serve.ts sends the same) naming a
 * same-origin JSON file, which the build writes into its output (`speculationRulesFile()`), served
 * with the MIME type browsers require of it. A browser without speculation rules ignores both.
 *
 * The Content-Security-Policy needs nothing for them. Only an inline `<script type="speculationrules">`
 * would (a nonce, a hash or 'inline-speculation-rules'); a rule set named by the header is exempt
 * from CSP in current Chromium, and in the versions that checked it against `script-src` it
 * passes as a same-origin file under `'self'`, as it would under the proposed
 * `speculation-rules-src`, which falls back to `script-src`.
 */

/** Where the rules are on the site, and so where the build writes them (relative to its output folder). */
export const SPECULATION_RULES_PATH = '/speculation-rules.json';

/** The only type browsers accept a rule set fetched through the header as. */
export const SPECULATION_RULES_TYPE = 'application/speculationrules+json';

/** The response header that names the rules on a page: a structured-field list of URL strings. */
export const SPECULATION_RULES_HEADER = { key: 'Speculation-Rules', value: JSON.stringify(SPECULATION_RULES_PATH) } as const;

/**
 * Prefetch, not prerender. A prefetch only fetches the linked page's HTML; everything else it
 * needs (the one stylesheet, the shared script chunks, cached for a year under hashed names) the
 * visitor already has from the current page, so that is nearly the whole saving. A prerender would
 * also run the page's scripts for a page the visitor may never open: the sign-in SDK, the hero
 * video and the counters in a hidden page, twice the memory and CPU on a phone, and a wasted
 * render every time a hover does not end in a click.
 *
 * `moderate`: on a desktop, after the pointer rests on a link for a moment (about 200 ms), or on
 * pointerdown; on a touch screen, by the browser's own judgement of the link about to be tapped,
 * at the latest on pointerdown. It never fetches all of a page's links up front.
 *
 * Which links: those of this site (`/*` resolves against the page, so it matches same-origin URLs
 * only); not files (any path with a dot: the brochure PDF, images, the sitemap), since the
 * pages have clean URLs without one; and not a link marked as a download.
 */
export const SPECULATION_RULES = {
  prefetch: [
    {
      source: 'document',
      where: {
        and: [{ href_matches: '/*' }, { not: { href_matches: '/*.*' } }, { not: { selector_matches: '[download]' } }],
      },
      eagerness: 'moderate',
    },
  ],
} as const;

/** The file the build writes: its site path (join it to the output folder) and its JSON text. */
export function speculationRulesFile(): { path: string; text: string } {
  return { path: SPECULATION_RULES_PATH, text: `${JSON.stringify(SPECULATION_RULES, null, 2)}\n` };
}
