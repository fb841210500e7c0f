/** How the form names a section: as a visitor sees it (its heading), with its kind as a small label. */
import type { StatedFacts } from '../../../src/content/course-facts';
import { isRecord } from '../../../src/lib/is-record';
import type { FormSchema, Json } from '../../protocol/api';
import { branchesOf, discriminatorOf, matchBranch, propertiesOf } from './schema';
import { sectionTypeName, summaryOf } from './words';

export interface SectionNaming {
  /** What a visitor reads at the top of the section ("ETABS V-22"), or its kind when it has no heading. */
  title: string;
  /** The kind of section ("Hero", "Questions and answers"). */
  kind: string;
}

/** A heading as the visitor reads it: the course's facts it names ("{software}") replaced by what the page states. */
const withFacts = (text: string, facts: StatedFacts) => text.replace(/\{([a-z]+)\}/g, (written, fact: string) => facts[fact as keyof StatedFacts] ?? written);

export function sectionNaming(itemSchema: FormSchema, section: Json, facts: StatedFacts = {}): SectionNaming {
  const key = discriminatorOf(itemSchema) ?? 'type';
  const type = isRecord(section) && typeof section[key] === 'string' ? section[key] : 'unknown';
  const branch = matchBranch(itemSchema, section);
  const kind = branch ? sectionTypeName(branch, type) : 'A kind of section the site does not know';
  const heading = summaryOf(section);
  return { title: heading === undefined ? kind : withFacts(heading, facts), kind };
}

/** "ETABS V-22 (Hero)": a section's heading and its kind, in one line (announcements, the Undo bar). */
export function sectionName(itemSchema: FormSchema, section: Json, facts: StatedFacts = {}): string {
  const { title, kind } = sectionNaming(itemSchema, section, facts);
  return title === kind ? kind : `${title} (${kind})`;
}

/** The branch of the sections' union whose type is `type`. */
export function branchOfType(itemSchema: FormSchema, type: string): FormSchema | undefined {
  const key = discriminatorOf(itemSchema) ?? 'type';
  return branchesOf(itemSchema).find((branch) => propertiesOf(branch)[key]?.const === type);
}
