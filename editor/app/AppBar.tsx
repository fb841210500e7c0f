/**
 * The top bar of every screen (the banner landmark): the editor's name, then the screen's own items.
 * Named, because the preview beside the form shows the site with its own banner: two unnamed ones
 * would be indistinguishable in a screen reader's list of landmarks.
 */
import type { ReactNode } from 'react';
import { isPlainClick } from './links';
import { EDITOR_ROUTE } from '../protocol/api';

export function AppBar({ children, onHome }: { children?: ReactNode; onHome: () => void }) {
  return (
    <header className="ed-bar" aria-label="CESA editor">
      <a
        className="ed-bar__brand"
        href={EDITOR_ROUTE}
        onClick={(event) => {
          if (!isPlainClick(event)) return;
          event.preventDefault();
          onHome();
        }}
      >
        CESA editor
      </a>
      {children}
    </header>
  );
}
