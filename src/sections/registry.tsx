/**
 * Section type → component. A mapped type over the section union: adding a type to
 * page-schema.ts without a component here is a compile error, and so is a component
 * whose props do not match its schema.
 */
import type { ComponentType } from 'react';
import type { Section } from '../content/page-schema';
import type { SectionRegistry } from './registry-type';
import { Brochure } from './brochure/Brochure';
import { Contact } from './contact/Contact';
import { CourseCards } from './course-cards/CourseCards';
import { Cta } from './cta/Cta';
import { Faculty } from './faculty/Faculty';
import { Facts } from './facts/Facts';
import { Faq } from './faq/Faq';
import { Gallery } from './gallery/Gallery';
import { Hero } from './hero/Hero';
import { List } from './list/List';
import { Logos } from './logos/Logos';
import { Modules } from './modules/Modules';
import { Packages } from './packages/Packages';
import { Prose } from './prose/Prose';
import { RoleCards } from './role-cards/RoleCards';
import { Stats } from './stats/Stats';
import { Table } from './table/Table';
import { Testimonials } from './testimonials/Testimonials';
import { Trainings } from './trainings/Trainings';
import { Video } from './video/Video';

export type { SectionRegistry } from './registry-type';

export const registry: SectionRegistry = {
  hero: Hero,
  prose: Prose,
  list: List,
  modules: Modules,
  'course-cards': CourseCards,
  packages: Packages,
  trainings: Trainings,
  stats: Stats,
  testimonials: Testimonials,
  logos: Logos,
  gallery: Gallery,
  faq: Faq,
  table: Table,
  faculty: Faculty,
  'role-cards': RoleCards,
  contact: Contact,
  cta: Cta,
  brochure: Brochure,
  video: Video,
  facts: Facts,
};

/** Renders one section with the component its `type` names. */
export function SectionView({ section, index }: { section: Section; index: number }) {
  // TypeScript cannot correlate registry[section.type] with section's own member of the union;
  // the mapped type above guarantees they match.
  const Component = registry[section.type] as ComponentType<{ section: Section; index: number }>;
  return <Component section={section} index={index} />;
}
