// Generated from the part folders (src/sections/*/, src/layout/*/) by scripts/codegen/section-index.mjs.
// Do not edit: add a behaviour.ts or an island.tsx beside a component instead.
/** The parts with a behaviour, as `data-behaviour` names them. */
export type BehaviourName = 'hero' | 'role-cards' | 'stats' | 'upcoming-batches' | 'header';
/** The parts that are React islands, as `data-island` names them. */
export type IslandName = 'brochure';
