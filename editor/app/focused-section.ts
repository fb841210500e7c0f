/**
 * Which section of the page a focused element of the form belongs to: fields of section 2 have ids
 * `field-sections-2-…`, its panel's toggle `field-sections-2`; its other buttons (move, remove) sit
 * in the same panel as the toggle. null for the page's meta and everything outside the sections.
 */
const SECTION_ID = /^field-sections-(\d+)(?:-|$)/;

function indexIn(id: string | undefined): number | null {
  const match = id === undefined ? null : SECTION_ID.exec(id);
  return match ? Number(match[1]) : null;
}

export function sectionIndexOf(element: Element): number | null {
  for (let node: Element | null = element; node; node = node.parentElement) {
    const own = indexIn(node.id);
    if (own !== null) return own;
    if (node.classList.contains('ef-panel')) return indexIn(node.querySelector('[data-ef-action="toggle"]')?.id);
  }
  return null;
}
