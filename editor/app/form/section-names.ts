/** How the form names a section: by its type's name and its title. */
import { isRecord } from '../../../src/lib/is-record';
import type { FormSchema, Json } from '../../protocol/api';
import { branchesOf, discriminatorOf, matchBranch, propertiesOf } from './schema';
import { sectionTypeName, summaryOf } from './words';

/** "Hero — ETABS V-22": a section's type name and its title. */
export function sectionName(itemSchema: FormSchema, section: Json): string {
  const key = discriminatorOf(itemSchema) ?? 'type';
  const type = isRecord(section) && typeof section[key] === 'string' ? section[key] : 'unknown';
  const name = sectionTypeName(matchBranch(itemSchema, section), type);
  const title = summaryOf(section);
  return title ? `${name} — ${title}` : name;
}

/** The branch of the sections' union whose type is `type`. */
export function branchOfType(itemSchema: FormSchema, type: string): FormSchema | undefined {
  const key = discriminatorOf(itemSchema) ?? 'type';
  return branchesOf(itemSchema).find((branch) => propertiesOf(branch)[key]?.const === type);
}
