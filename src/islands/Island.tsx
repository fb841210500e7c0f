/**
 * `<Island name="brochure" props={…} />` in a static component: where an island goes in the page.
 *
 * Prerendered (a collector above it, src/islands/render.tsx): an empty `<cesa-island>` placeholder
 * that the prerenderer fills with the island's own render, and its props as a JSON data block after
 * it (not executed, so the Content-Security-Policy needs no exception). Drawn inside a React tree
 * instead (the editor's preview, component tests): the island itself, live in that tree.
 */
import { createContext, useContext } from 'react';
import { islandModules } from './islands.gen';
import { notJson, type IslandPropsOf } from './define';
import { jsonForHtml, placeholderOf, propsIdOf } from './ids';
import { IslandRoot } from './root';

export type IslandName = keyof typeof islandModules;
export type PropsOfIsland<N extends IslandName> = IslandPropsOf<(typeof islandModules)[N]>;

export interface CollectedIsland {
  id: string;
  name: IslandName;
  props: unknown;
}

/** The islands of one page, in the order they render; their ids (`i0`, `i1`…) are unique in the page. */
export class IslandCollector {
  readonly islands: CollectedIsland[] = [];

  add(name: IslandName, props: unknown): string {
    const problem = notJson(props);
    if (problem) throw new Error(`The ${name} island's props must be JSON: ${problem}.`);
    const id = `i${this.islands.length}`;
    this.islands.push({ id, name, props });
    return id;
  }
}

export const IslandCollectorContext = createContext<IslandCollector | null>(null);

export function Island<N extends IslandName>({ name, props }: { name: N; props: PropsOfIsland<N> }) {
  const collector = useContext(IslandCollectorContext);
  const island = islandModules[name];
  const attributes = { 'data-island': name, 'data-when': island.when, 'data-hint': island.hint, 'data-margin': island.margin };
  if (collector) {
    const id = collector.add(name, props);
    return (
      <>
        <cesa-island id={id} {...attributes} dangerouslySetInnerHTML={{ __html: placeholderOf(id) }} />
        <script type="application/json" id={propsIdOf(id)} dangerouslySetInnerHTML={{ __html: jsonForHtml(props) }} />
      </>
    );
  }
  return (
    <cesa-island {...attributes}>
      <IslandRoot island={island as never} props={props as never} start={{ pressedEarly: false }} />
    </cesa-island>
  );
}
