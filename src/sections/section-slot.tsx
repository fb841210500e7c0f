/** Where a page's sections render: the component of the section's type (src/sections/registry.ts). */
import { Suspense } from 'react';
import type { Section } from '../content/page-schema';
import { sectionRegistry } from './registry';

export function SectionSlot({ section, index }: { section: Section; index: number }) {
  const Component = sectionRegistry[section.type];
  // A boundary per section: while its code loads in the browser, the prerendered HTML stays as it is.
  return (
    <Suspense fallback={null}>
      <Component section={section} index={index} />
    </Suspense>
  );
}
