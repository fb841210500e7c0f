/** Where focus goes after the form moves, adds or removes something (the old element may be gone). */

const FOCUSABLE = 'input:not([type="hidden"]), select, textarea, button, [tabindex]';

/** Focuses the first of these selectors that finds an element inside `container`, and shows it. */
export function focusFirst(container: HTMLElement | null, selectors: readonly string[]): void {
  if (!container) return;
  for (const selector of selectors) {
    const element = container.querySelector<HTMLElement>(selector);
    if (element) {
      focusAndShow(element);
      return;
    }
  }
}

/** The first control inside `element`, or the element itself. */
export function firstControl(element: HTMLElement): HTMLElement {
  return element.matches('input, select, textarea, button') ? element : (element.querySelector<HTMLElement>(FOCUSABLE) ?? element);
}

/** Focuses `element` and scrolls it into view: just enough after a move, to the middle when it is asked for. */
export function focusAndShow(element: HTMLElement, block: ScrollLogicalPosition = 'nearest'): void {
  element.focus({ preventScroll: true });
  // jsdom has no layout, hence no scrollIntoView.
  if (typeof element.scrollIntoView === 'function') element.scrollIntoView({ block });
}

/** A CSS attribute selector's value, quoted. */
export function quoted(value: string): string {
  return `"${value.replace(/["\\]/g, '\\$&')}"`;
}
