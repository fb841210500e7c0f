/** What an island learns from the page it was hydrated on. */
import { createContext, useContext } from 'react';

export interface IslandStart {
  /**
   * The visitor pressed a button of the island before it was hydrated. The press is not replayed
   * (a Google popup must open inside a press's own user activation, and this one is over): the
   * island says it is loading and lets the next press act (src/auth/session.ts).
   */
  pressedEarly: boolean;
}

export const IslandStartContext = createContext<IslandStart>({ pressedEarly: false });

export function useIslandStart(): IslandStart {
  return useContext(IslandStartContext);
}
