/**
 * The browser's section components: each type's code is its own chunk, loaded when a page has that
 * type (the prerendered HTML preloads the chunks of its page). The hero, on every page, is in the
 * main bundle. A mapped type again: a section type without a loader does not compile.
 */
import { lazy, type ComponentType } from 'react';
import type { Section, SectionType } from '../content/page-schema';
import { Hero } from './hero/Hero';
import type { SectionRegistry } from './registry-type';
import type { SectionProps } from './types';

/** Any section's component, as the loaders' cache holds them (the mapped types keep each pairing right). */
type AnySection = ComponentType<{ section: Section; index: number }>;

type Loaders = { [T in SectionType]: () => Promise<ComponentType<SectionProps<T>>> };

const loaders: Loaders = {
  hero: () => Promise.resolve(Hero),
  prose: () => import('./prose/Prose').then((module) => module.Prose),
  list: () => import('./list/List').then((module) => module.List),
  modules: () => import('./modules/Modules').then((module) => module.Modules),
  'course-cards': () => import('./course-cards/CourseCards').then((module) => module.CourseCards),
  packages: () => import('./packages/Packages').then((module) => module.Packages),
  trainings: () => import('./trainings/Trainings').then((module) => module.Trainings),
  stats: () => import('./stats/Stats').then((module) => module.Stats),
  testimonials: () => import('./testimonials/Testimonials').then((module) => module.Testimonials),
  logos: () => import('./logos/Logos').then((module) => module.Logos),
  gallery: () => import('./gallery/Gallery').then((module) => module.Gallery),
  faq: () => import('./faq/Faq').then((module) => module.Faq),
  table: () => import('./table/Table').then((module) => module.Table),
  faculty: () => import('./faculty/Faculty').then((module) => module.Faculty),
  'role-cards': () => import('./role-cards/RoleCards').then((module) => module.RoleCards),
  contact: () => import('./contact/Contact').then((module) => module.Contact),
  cta: () => import('./cta/Cta').then((module) => module.Cta),
  brochure: () => import('./brochure/Brochure').then((module) => module.Brochure),
  video: () => import('./video/Video').then((module) => module.Video),
  facts: () => import('./facts/Facts').then((module) => module.Facts),
};

const loading = new Map<SectionType, Promise<AnySection>>();
const loaded = new Map<SectionType, AnySection>();

function load(type: SectionType): Promise<AnySection> {
  let promise = loading.get(type);
  if (!promise) {
    promise = (loaders[type]() as unknown as Promise<AnySection>).then((component) => {
      loaded.set(type, component);
      return component;
    });
    loading.set(type, promise);
  }
  return promise;
}

/** Starts loading the code of these section types; resolves when it is there. */
export function preloadSections(types: readonly SectionType[]): Promise<unknown> {
  return Promise.all([...new Set(types)].map(load));
}

type Module = { default: AnySection };

/**
 * React.lazy's factory. For code already loaded it returns a thenable that resolves synchronously,
 * which React reads without suspending: a preloaded page renders (and hydrates) in one pass.
 */
function factory(type: SectionType): () => PromiseLike<Module> {
  return () => {
    const component = loaded.get(type);
    if (component) return { then: (resolve) => resolve?.({ default: component }) as never };
    return load(type).then((loadedComponent) => ({ default: loadedComponent }));
  };
}

export const lazyRegistry = Object.fromEntries(
  (Object.keys(loaders) as SectionType[]).map((type) => [type, type === 'hero' ? Hero : lazy(factory(type) as () => Promise<Module>)]),
  // Built from `loaders`, whose mapped type pairs every type with its own component.
) as unknown as SectionRegistry;
