/**
 * What the editor and its preview (an iframe of /_editor/preview, same origin) say by postMessage.
 *
 * The preview says `ready` once it listens; the editor then sends the page, and sends it again on
 * every change, at once. After each render the preview answers `rendered` with the change's id and
 * the time, on the clock both windows share (performance.timeOrigin + performance.now()), so a
 * benchmark in the editor's window can measure a keystroke to the preview on screen. When the
 * editor's focus enters a section of the form, it sends `scroll` and the preview shows that section.
 */
import type { Json } from './api';

export interface PreviewReady {
  type: 'cesa-preview-ready';
}

export interface PreviewData {
  type: 'cesa-preview';
  /** Counts up with every change the editor sends. */
  id: number;
  /** The page's route: the header menu marks it as the current page. */
  route: string;
  /** The page's raw data, as the form edits it. */
  data: Json;
  /**
   * While the site settings are edited: their raw data, drawn around the page in place of the site
   * document on disk, and the header menu they make (once the dev server has checked them).
   */
  site?: Json;
  menu?: unknown;
  /** When the editor sent it (shared clock). */
  sentAt: number;
}

export interface PreviewRendered {
  type: 'cesa-preview-rendered';
  id: number;
  /** When the change was on screen (committed), on the shared clock. */
  at: number;
}

/** The editor's focus moved into a section of the form: the preview shows that section. */
export interface PreviewScroll {
  type: 'cesa-preview-scroll';
  /** The section's index in the page's sections. */
  section: number;
}

export type PreviewMessage = PreviewReady | PreviewData | PreviewRendered | PreviewScroll;

/** A time both windows can compare: each window's performance.now() starts at its own origin. */
export function sharedNow(): number {
  return performance.timeOrigin + performance.now();
}

export function isPreviewMessage(value: unknown): value is PreviewMessage {
  if (typeof value !== 'object' || value === null) return false;
  const type = (value as { type?: unknown }).type;
  return type === 'cesa-preview-ready' || type === 'cesa-preview' || type === 'cesa-preview-rendered' || type === 'cesa-preview-scroll';
}
