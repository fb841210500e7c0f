/**
 * An error names a path (`sections[2].cards[0].title`); its link moves focus to the field that edits
 * it, or, when the form shows no field for that path (a missing key, a folded section), to the
 * nearest field above it (`sections[2].cards[0]`, then `sections[2]`, …).
 */
import { fieldId } from './form/contract';

/** `sections[2].cards[0].title` → `sections[2].cards[0]` → `sections[2].cards` → `sections[2]` → `sections`. */
export function parentPath(path: string): string | null {
  const cut = Math.max(path.lastIndexOf('.'), path.lastIndexOf('['));
  return cut > 0 ? path.slice(0, cut) : null;
}

const FOCUSABLE = 'input, select, textarea, button, [tabindex]:not([tabindex="-1"]), a[href], summary';

/** Focuses the field of `path` or its nearest ancestor's; false when the form shows none of them. */
export function focusField(path: string): boolean {
  for (let current: string | null = path; current !== null; current = parentPath(current)) {
    const element = document.getElementById(fieldId(current));
    if (!element) continue;
    const target = element.matches(FOCUSABLE) ? element : (element.querySelector<HTMLElement>(FOCUSABLE) ?? element);
    if (target === element && !element.matches(FOCUSABLE)) element.setAttribute('tabindex', '-1');
    target.scrollIntoView?.({ block: 'center' });
    target.focus({ preventScroll: true });
    return true;
  }
  return false;
}
