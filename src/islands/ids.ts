/** How an island's parts are named in the page: shared by the prerenderer and the browser (no React here). */

/** The comment the prerenderer replaces with the island's HTML. */
export const placeholderOf = (id: string) => `<!--cesa-island:${id}-->`;

/** The id of the data block that holds the props of island `id`. */
export const propsIdOf = (id: string) => `${id}-props`;

/** The identifier prefix of island `id`'s useId ids, the same in the prerenderer and the browser. */
export const identifierPrefixOf = (id: string) => `${id}-`;

/** JSON that is safe inside <script type="application/json"> (no `</script>`, no line separators that old parsers mind). */
export function jsonForHtml(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/**
 * The performance mark set when island `name` becomes due (`cesa-island:brochure`), its detail saying
 * why (`IslandDueReason`): what the page fetched before it is the page's own cost, what came after is
 * the island's (scripts/bench/page-scripts.ts and the browser tests tell them apart by it).
 */
export const ISLAND_DUE_MARK = 'cesa-island:';

/** Why an island became due: its `when` (load, idle, visible), the signed-in hint, or a visitor's reach. */
export type IslandDueReason = 'load' | 'idle' | 'hint' | 'visible' | 'reach';
