/**
 * Why the form cannot show a file (the page's data came as null), in words, from the validator's
 * errors of the file: the way forward is always a text editor, and the errors say where.
 */
import type { ContentError } from '../../src/content/errors';

const REASONS: [codes: ContentError['code'][], reason: string][] = [
  [['not-utf8', 'file-too-large'], 'it is not UTF-8 text of a sensible size, and saving it from here would replace the characters it cannot read'],
  [['yaml-alias', 'yaml-tag'], 'it uses YAML anchors, aliases (&name, *name) or tags (!name), which the site does not accept and the form cannot keep'],
  [['not-a-document'], 'it does not hold a page (a set of fields such as meta: and sections:)'],
];

export function unreadableReason(errors: readonly ContentError[]): string {
  for (const [codes, reason] of REASONS) if (errors.some((error) => codes.includes(error.code))) return reason;
  return 'it is not valid YAML';
}
