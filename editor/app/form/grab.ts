/**
 * Moving an entry of a list from the keyboard with its grab handle: Space or Enter picks it up,
 * the arrow keys (and Home, End) move it, Space or Enter drops it, Escape puts it back where it
 * was; leaving the handle drops it where it is. Each step is said in the form's live region.
 * Alt+Arrow Up / Alt+Arrow Down move it one place without picking it up.
 */
import { useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { capitalise } from './words';

export interface GrabOptions {
  /** The keys of the list's entries, in order. */
  keys: readonly string[];
  /** Moves the entry at `from` to `to` (the handle keeps focus). */
  move: (from: number, to: number) => void;
  announce: (message: string) => void;
  /** What one entry is called: "keyword", "question", "section". */
  noun: string;
}

export interface Grab {
  /** The key of the entry picked up, or null. */
  grabbed: string | null;
  onKeyDown: (key: string) => (event: KeyboardEvent<HTMLElement>) => void;
  onBlur: (key: string) => () => void;
}

export const GRAB_HINT = 'To move an entry, drag its handle (⠿), or focus the handle, press Space, move it with the arrow keys and press Space again.';

export function useGrab({ keys, move, announce, noun }: GrabOptions): Grab {
  const [grabbed, setGrabbed] = useState<{ key: string; from: number } | null>(null);
  // A move takes the entry out of the page and puts it back: the blur that causes is not the editor leaving.
  const moving = useRef(false);
  useLayoutEffect(() => {
    moving.current = false;
  });
  const count = keys.length;
  const Noun = capitalise(noun);

  const onKeyDown = (key: string) => (event: KeyboardEvent<HTMLElement>) => {
    const index = keys.indexOf(key);
    if (index < 0) return;
    const moveTo = (to: number) => {
      event.preventDefault();
      if (to < 0 || to >= count || to === index) return;
      moving.current = true;
      move(index, to);
      announce(`${Noun} moved to position ${to + 1} of ${count}.`);
    };
    if (event.altKey && (event.key === 'ArrowUp' || event.key === 'ArrowDown')) return moveTo(event.key === 'ArrowUp' ? index - 1 : index + 1);
    const held = grabbed?.key === key;
    if (event.key === ' ' || event.key === 'Enter') {
      event.preventDefault();
      if (held) {
        setGrabbed(null);
        announce(`${Noun} dropped at position ${index + 1} of ${count}.`);
      } else {
        setGrabbed({ key, from: index });
        announce(`${Noun} ${index + 1} of ${count} picked up. Move it with the arrow keys; press Space to drop it, or Escape to put it back.`);
      }
      return;
    }
    if (!held) return;
    switch (event.key) {
      case 'ArrowUp':
      case 'ArrowLeft':
        return moveTo(index - 1);
      case 'ArrowDown':
      case 'ArrowRight':
        return moveTo(index + 1);
      case 'Home':
        return moveTo(0);
      case 'End':
        return moveTo(count - 1);
      case 'Escape': {
        event.preventDefault();
        // The Escape is the handle's: a dialog around the form must not close for it.
        event.stopPropagation();
        setGrabbed(null);
        if (grabbed.from !== index) {
          moving.current = true;
          move(index, grabbed.from);
        }
        announce(`Move cancelled: ${noun} back at position ${grabbed.from + 1} of ${count}.`);
        return;
      }
      default:
    }
  };

  const onBlur = (key: string) => () => {
    // Focus left the handle (a click elsewhere, Tab): the entry stays where it was moved to.
    if (grabbed?.key === key && !moving.current) setGrabbed(null);
  };

  return { grabbed: grabbed?.key ?? null, onKeyDown, onBlur };
}
