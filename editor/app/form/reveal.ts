/**
 * Showing a field from outside the form: the page editor's error list links to `#${fieldId(path)}`
 * (PageForm follows `hashchange`) or calls {@link revealField}. A field in a closed section panel is
 * shown first; an error's path that names no rendered field goes to the nearest one that is.
 */
export const REVEAL_EVENT = 'cesa-editor:reveal-field';

export interface RevealDetail {
  path: string;
}

/** Opens what hides the field at `path` (ContentError.path), scrolls to it and focuses it. */
export function revealField(path: string): void {
  window.dispatchEvent(new CustomEvent<RevealDetail>(REVEAL_EVENT, { detail: { path } }));
}

/**
 * The form's ask to the page around it: show the part of the page at `path` in the preview (an
 * entry was added, moved or removed there). Dispatched on the form, bubbling; detail.path as
 * ContentError paths are written (`sections[3].items`).
 */
export const SHOW_IN_PREVIEW_EVENT = 'cesa-editor:show-in-preview';

export interface ShowInPreviewDetail {
  path: string;
}
