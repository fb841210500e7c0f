/**
 * Section type → component, from the folders of src/sections/ (components.gen.ts). Each type's code
 * is its own chunk: the browser loads the chunks of a page's types (the prerendered HTML preloads
 * them), the prerenderer loads all of them once. Both render through the same lazy components.
 */
import { lazy, type ComponentType } from 'react';
import type { SectionOf, SectionType } from '../content/page-schema';
import { sectionComponents } from './components.gen';
import type { SectionProps } from './types';

export type SectionLoaders = { [T in SectionType]: () => Promise<{ default: ComponentType<SectionProps<T>> }> };

/**
 * A mapped type over the section types: a folder whose component does not take its own type's
 * section (props of another type, a missing default export) fails to compile here, naming the type.
 */
const loaders: SectionLoaders = sectionComponents;

export const sectionTypes = Object.keys(loaders) as SectionType[];

/** Any section's component, as the cache holds them (the mapped type keeps each pairing right). */
export type AnySection = ComponentType<{ section: SectionOf<SectionType>; index: number }>;

const loading = new Map<SectionType, Promise<AnySection>>();
const loaded = new Map<SectionType, AnySection>();

function load(type: SectionType): Promise<AnySection> {
  let promise = loading.get(type);
  if (!promise) {
    promise = loaders[type]().then((module) => {
      const component = module.default as AnySection;
      loaded.set(type, component);
      return component;
    });
    loading.set(type, promise);
  }
  return promise;
}

/** Starts loading the code of these section types (all of them by default); resolves when it is there. */
export function preloadSections(types: readonly SectionType[] = sectionTypes): Promise<unknown> {
  return Promise.all([...new Set(types)].map(load));
}

type Module = { default: AnySection };

/**
 * React.lazy's factory. For code already loaded it returns a thenable that resolves synchronously,
 * which React reads without suspending: a preloaded page renders (and hydrates, and prerenders with
 * renderToString) in one pass.
 */
function factory(type: SectionType): () => PromiseLike<Module> {
  return () => {
    const component = loaded.get(type);
    if (component) return { then: (resolve) => resolve?.({ default: component }) as never };
    return load(type).then((loadedComponent) => ({ default: loadedComponent }));
  };
}

/** The component of each section type. */
export const sectionRegistry = {} as Record<SectionType, AnySection>;
for (const type of sectionTypes) sectionRegistry[type] = lazy(factory(type) as () => Promise<Module>);
