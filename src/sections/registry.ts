/**
 * Section type → component, from the folders of src/sections/ (components.gen.ts). The components
 * render the page's HTML at build time, in the dev server and in the editor's preview; none of them
 * reaches the site's browser code (a part that needs the browser has a behaviour.ts or an
 * island.tsx beside it: src/islands/).
 */
import type { ComponentType } from 'react';
import type { SectionOf, SectionType } from '../content/page-schema';
import { sectionComponents } from './components.gen';
import type { SectionProps } from './types';

export type SectionComponents = { [T in SectionType]: ComponentType<SectionProps<T>> };

/**
 * A mapped type over the section types: a folder whose component does not take its own type's
 * section (props of another type, a missing default export) fails to compile here, naming the type.
 */
const components: SectionComponents = sectionComponents;

export const sectionTypes = Object.keys(components) as SectionType[];

/** Any section's component (the mapped type keeps each pairing right). */
export type AnySection = ComponentType<{ section: SectionOf<SectionType>; index: number }>;

/** The component of each section type. */
export const sectionRegistry = components as unknown as Record<SectionType, AnySection>;
