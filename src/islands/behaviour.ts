/**
 * A behaviour: a few lines of plain DOM code beside a static component (`behaviour.ts` in its
 * folder), for a part that only changes attributes, classes or text (the menu, the counters, the
 * hero video). The component marks its root with `{...behaviour('stats')}`; the browser runs the
 * folder's behaviour on that element (attach.ts). No framework, nothing of the page's data: what it
 * needs is in the markup, as data- attributes the component writes.
 */
import type { behaviourLoaders } from './parts.gen';

export type BehaviourName = keyof typeof behaviourLoaders;

/** Attaches to the part's root element; may return what undoes it (the editor's preview redraws parts). */
export type Behaviour = (root: HTMLElement) => void | (() => void);

/** The attribute that names a part's behaviour on its root element. */
export const BEHAVIOUR_ATTRIBUTE = 'data-behaviour';

export function behaviour(name: BehaviourName): { 'data-behaviour': BehaviourName } {
  return { [BEHAVIOUR_ATTRIBUTE]: name };
}
