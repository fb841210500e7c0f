/**
 * An island's React tree, the same on both sides: the prerenderer renders it to the HTML the browser
 * hydrates (src/islands/render.tsx), the browser hydrates it (hydrate.tsx), so the markup and the
 * ids of useId agree.
 */
import { StrictMode } from 'react';
import { IslandStartContext, type IslandStart } from './context';
import type { IslandDefinition } from './define';

export function IslandRoot<P>({ island, props, start }: { island: IslandDefinition<P>; props: P; start: IslandStart }) {
  const { Component } = island;
  return (
    <StrictMode>
      <IslandStartContext value={start}>
        <Component {...(props as P & object)} />
      </IslandStartContext>
    </StrictMode>
  );
}
