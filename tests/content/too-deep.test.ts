/**
 * A file nested too deep (indentation or brackets beyond MAX_DEPTH levels) is stopped before it is
 * parsed, located where the nesting first goes too deep. The loader finds that with patterns that jump
 * to what matters (src/content/source.ts); here the place it names is compared, on generated files near
 * the limits, with the plain reading: character by character, as the rule is written.
 */
// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { checkText, MAX_DEPTH } from '../../src/content/source';

/** The rule as written: spaces at a line's start (after a line feed), and brackets anywhere. */
function deepByCharacter(text: string): number | undefined {
  let brackets = 0;
  let atLineStart = true;
  let indent = 0;
  for (let index = 0; index < text.length; index++) {
    const char = text.charCodeAt(index);
    if (char === 10) {
      atLineStart = true;
      indent = 0;
      continue;
    }
    if (atLineStart) {
      if (char === 32) {
        if (++indent > MAX_DEPTH * 4) return index;
        continue;
      }
      atLineStart = false;
    }
    if (char === 91 || char === 123) {
      if (++brackets > MAX_DEPTH) return index;
    } else if ((char === 93 || char === 125) && brackets > 0) brackets--;
  }
  return undefined;
}

/** Where checkText says the file is too deep, as line and column; undefined when it does not. */
function reported(text: string): [number, number] | undefined {
  const error = checkText('pages/deep.yaml', text).find((found) => found.code === 'too-deep');
  return error ? [error.line, error.column] : undefined;
}

function lineColumn(text: string, offset: number | undefined): [number, number] | undefined {
  if (offset === undefined) return undefined;
  const before = text.slice(0, offset).split('\n');
  return [before.length, before.at(-1)!.length + 1];
}

/** Files near the limits: runs of spaces around MAX_DEPTH * 4 at line starts (and not), brackets around MAX_DEPTH deep. */
function* files(count: number): Generator<string> {
  let seed = 7;
  const next = (below: number) => Math.floor((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648 * below);
  const pieces = [
    () => ' '.repeat(MAX_DEPTH * 4 - 2 + next(5)),
    () => '['.repeat(next(MAX_DEPTH + 3)),
    () => '{'.repeat(next(8)),
    () => ']'.repeat(next(6)),
    () => '}',
    () => '\n',
    () => '\r',
    () => '\t',
    () => 'key: value',
    () => '- ',
  ];
  for (let index = 0; index < count; index++) yield Array.from({ length: 1 + next(8) }, () => pieces[next(pieces.length)]!()).join('');
}

describe('a file nested too deep', () => {
  it('is reported where the nesting first goes too deep, as read character by character (3,000 files near the limits)', () => {
    const disagreements = [...files(3000)]
      .map((text) => ({ text, expected: lineColumn(text, deepByCharacter(text)), found: reported(text) }))
      .filter(({ expected, found }) => JSON.stringify(expected) !== JSON.stringify(found));
    expect(disagreements).toEqual([]);
  });

  it('by indentation, by brackets, and not at the limit itself', () => {
    const indent = MAX_DEPTH * 4;
    expect(reported(`a:\n${' '.repeat(indent + 1)}b: c\n`)).toEqual([2, indent + 1]);
    expect(reported(`${' '.repeat(indent + 1)}b: c\n`)).toEqual([1, indent + 1]);
    expect(reported(`a:\n${' '.repeat(indent)}b: c\n`)).toBeUndefined();
    expect(reported(`a:\r${' '.repeat(indent + 1)}b\n`)).toBeUndefined();
    expect(reported(`a: ${'['.repeat(MAX_DEPTH + 1)}`)).toEqual([1, 4 + MAX_DEPTH]);
    expect(reported(`a: ${'[]'.repeat(200)}${'{'.repeat(MAX_DEPTH)}`)).toBeUndefined();
    // Both too deep: the first place in the file is named.
    expect(reported(`a: ${'['.repeat(MAX_DEPTH + 1)}\n${' '.repeat(indent + 1)}b\n`)).toEqual([1, 4 + MAX_DEPTH]);
    expect(reported(`a:\n${' '.repeat(indent + 1)}b: ${'['.repeat(MAX_DEPTH + 1)}\n`)).toEqual([2, indent + 1]);
  });
});
