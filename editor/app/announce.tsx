/**
 * One polite live region for the whole editor: what a screen reader says after an action that
 * shows no new focus ("Saved", "Page deleted"). The same words said twice are said twice.
 */
import { createContext, useCallback, useContext, useState, type ReactNode } from 'react';

type Announce = (message: string) => void;

const AnnounceContext = createContext<Announce>(() => {});

export function AnnounceProvider({ children }: { children: ReactNode }) {
  const [said, setSaid] = useState({ message: '', count: 0 });
  const announce = useCallback<Announce>((message) => setSaid((previous) => ({ message, count: previous.count + 1 })), []);
  return (
    <AnnounceContext.Provider value={announce}>
      {children}
      <div role="status" aria-live="polite" className="ed-visually-hidden">
        {/* A new element per message: assistive technology reads an inserted node even if its text repeats. */}
        <span key={said.count}>{said.message}</span>
      </div>
    </AnnounceContext.Provider>
  );
}

export function useAnnounce(): Announce {
  return useContext(AnnounceContext);
}
