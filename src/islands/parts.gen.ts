// Generated from the part folders (src/sections/*/, src/layout/*/) by scripts/codegen/section-index.mjs.
// Do not edit: add a behaviour.ts or an island.tsx beside a component instead.
/** Each behaviour (plain DOM code, `behaviour.ts`), loaded when the page holds its part: `data-behaviour="<name>"`. */
export const behaviourLoaders = {
  hero: () => import('../sections/hero/behaviour'),
  'role-cards': () => import('../sections/role-cards/behaviour'),
  stats: () => import('../sections/stats/behaviour'),
  'upcoming-batches': () => import('../sections/upcoming-batches/behaviour'),
  header: () => import('../layout/header/behaviour'),
};

/** Each React island (`island.tsx`), loaded when a visitor reaches for it: `<cesa-island data-island="<name>">`. */
export const islandLoaders = {
  brochure: () => import('../sections/brochure/island'),
};
