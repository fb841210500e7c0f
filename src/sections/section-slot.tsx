/** Where a page's sections render: the component of the section's type (src/sections/registry.ts). */
import type { Section } from '../content/page-schema';
import { sectionRegistry } from './registry';

export function SectionSlot({ section, index }: { section: Section; index: number }) {
  const Component = sectionRegistry[section.type];
  return <Component section={section} index={index} />;
}
