import type { ComponentType } from 'react';
import type { SectionType } from '../content/page-schema';
import type { SectionProps } from './types';

/** Section type → component: a type without a component, or with the wrong one, does not compile. */
export type SectionRegistry = { [T in SectionType]: ComponentType<SectionProps<T>> };
