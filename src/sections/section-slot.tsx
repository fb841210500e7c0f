/**
 * Where a page's sections render. Which components fill the slots is provided from outside: the
 * prerenderer gives every component at once (registry.tsx); the browser gives components that load
 * on demand (lazy-registry.ts), so a page downloads the code of its own section types only.
 */
import { createContext, Suspense, useContext, type ComponentType } from 'react';
import type { Section } from '../content/page-schema';
import type { SectionRegistry } from './registry-type';

const SectionComponents = createContext<SectionRegistry | null>(null);

export const SectionComponentsProvider = SectionComponents.Provider;

export function SectionSlot({ section, index }: { section: Section; index: number }) {
  const components = useContext(SectionComponents);
  if (!components) throw new Error('<SectionSlot> needs a <SectionComponentsProvider> above it');
  // The mapped SectionRegistry type guarantees registry[type] takes that type's section.
  const Component = components[section.type] as ComponentType<{ section: Section; index: number }>;
  // A boundary per section: while its code loads in the browser, the prerendered HTML stays as it is.
  return (
    <Suspense fallback={null}>
      <Component section={section} index={index} />
    </Suspense>
  );
}
