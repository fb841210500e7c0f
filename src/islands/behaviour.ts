/**
 * A behaviour: a few lines of plain DOM code beside a static component (`behaviour.ts` in its
 * folder), for a part that only changes attributes, classes or text (the menu, the counters, the
 * hero video). The component marks its root with `{...behaviour('stats')}`; the browser runs the
 * folder's behaviour on that element (attach.ts). No framework, nothing of the page's data: what it
 * needs is in the markup, as data- attributes the component writes.
 */
import type { BehaviourName } from './part-names.gen';

export type { BehaviourName };

/** Attaches to the part's root element; may return what undoes it (the editor's preview redraws parts). */
export type Behaviour = (root: HTMLElement) => void | (() => void);

/** The attribute that names a part's behaviour on its root element. */
export const BEHAVIOUR_ATTRIBUTE = 'data-behaviour';
/** The attribute that says when to load it: absent, with the page; `visible`, when the part nears the screen. */
export const BEHAVIOUR_WHEN_ATTRIBUTE = 'data-behaviour-when';

/**
 * When the browser loads a part's behaviour:
 * - `load` (the default): with the page, for what a visitor may use at once (the menu, the hero video);
 * - `visible`: once the part is within a screen's height of the screen, for what only matters when
 *   it is seen (the counters): a visitor who never scrolls that far never fetches it.
 */
export type BehaviourWhen = 'load' | 'visible';

export function behaviour(name: BehaviourName, when: BehaviourWhen = 'load'): { 'data-behaviour': BehaviourName; 'data-behaviour-when'?: 'visible' } {
  return when === 'visible' ? { [BEHAVIOUR_ATTRIBUTE]: name, [BEHAVIOUR_WHEN_ATTRIBUTE]: when } : { [BEHAVIOUR_ATTRIBUTE]: name };
}
