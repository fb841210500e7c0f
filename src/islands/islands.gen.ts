// Generated from the part folders (src/sections/*/, src/layout/*/) by scripts/codegen/section-index.mjs.
// Do not edit: add a behaviour.ts or an island.tsx beside a component instead.
import brochureIsland from '../sections/brochure/island';

/** Every island, for rendering it (the prerenderer, the dev server, the editor's preview); never in the site's browser code. */
export const islandModules = { brochure: brochureIsland };
