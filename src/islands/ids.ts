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
