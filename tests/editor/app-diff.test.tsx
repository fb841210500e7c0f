/** The conflict dialog's line diff (editor/app/diff.ts): the file on disk against what a save would write. */
import { describe, expect, it } from 'vitest';
import { diffLines, hasChanges, withContext, type DiffLine } from '../../editor/app/diff';

/** A diff as the dialog prints it: `-`, `+` or a space, then the line. */
function printed(lines: readonly DiffLine[]): string[] {
  return lines.map((line) => `${{ same: ' ', removed: '-', added: '+' }[line.kind]}${line.text}`);
}

describe('diffLines', () => {
  it('marks a changed line as the old one removed, then the new one added, with the rest unchanged', () => {
    const disk = 'meta:\n  title: ETABS\n  description: A course.\n';
    const mine = 'meta:\n  title: ETABS V-22\n  description: A course.\n';
    expect(printed(diffLines(disk, mine))).toEqual([' meta:', '-  title: ETABS', '+  title: ETABS V-22', '   description: A course.']);
  });

  it('numbers each line in the text it comes from', () => {
    const lines = diffLines('a\nb\nc\n', 'a\nx\nb\nc\n');
    expect(lines).toEqual([
      { kind: 'same', text: 'a', oldLine: 1, newLine: 1 },
      { kind: 'added', text: 'x', newLine: 2 },
      { kind: 'same', text: 'b', oldLine: 2, newLine: 3 },
      { kind: 'same', text: 'c', oldLine: 3, newLine: 4 },
    ]);
  });

  it('finds the longest run in common when lines move (not a line-by-line comparison)', () => {
    const disk = ['hero', 'faq', 'prose', 'cta'].join('\n');
    const mine = ['hero', 'prose', 'cta', 'faq'].join('\n');
    expect(printed(diffLines(disk, mine))).toEqual([' hero', '-faq', ' prose', ' cta', '+faq']);
  });

  it('handles empty texts, a missing final newline and Windows line ends', () => {
    expect(diffLines('', '')).toEqual([]);
    expect(printed(diffLines('', 'a\n'))).toEqual(['+a']);
    expect(printed(diffLines('a\nb', 'a\r\nb\r\n'))).toEqual([' a', ' b']);
    expect(hasChanges(diffLines('a\nb', 'a\r\nb\r\n'))).toBe(false);
    expect(hasChanges(diffLines('a', 'b'))).toBe(true);
  });

  it('stays quick on a long page with a change in the middle', () => {
    const lines = Array.from({ length: 5000 }, (_, index) => `  - line ${index}`);
    const changed = [...lines];
    changed[2500] = '  - changed';
    const started = performance.now();
    const diff = diffLines(lines.join('\n'), changed.join('\n'));
    expect(performance.now() - started).toBeLessThan(500);
    expect(diff.filter((line) => line.kind !== 'same')).toEqual([
      { kind: 'removed', text: '  - line 2500', oldLine: 2501 },
      { kind: 'added', text: '  - changed', newLine: 2501 },
    ]);
  });
});

describe('withContext', () => {
  it('keeps a few unchanged lines around each change and counts the rest as gaps', () => {
    const disk = Array.from({ length: 20 }, (_, index) => `line ${index + 1}`);
    const mine = [...disk];
    mine[9] = 'line ten';
    const shown = withContext(diffLines(disk.join('\n'), mine.join('\n')), 2);
    expect(shown.map((line) => (line.kind === 'gap' ? `(${line.count} unchanged)` : `${line.kind === 'same' ? ' ' : line.kind === 'removed' ? '-' : '+'}${line.text}`))).toEqual([
      '(7 unchanged)',
      ' line 8',
      ' line 9',
      '-line 10',
      '+line ten',
      ' line 11',
      ' line 12',
      '(8 unchanged)',
    ]);
  });

  it('shows nothing but a gap when nothing changed', () => {
    expect(withContext(diffLines('a\nb\n', 'a\nb\n'))).toEqual([{ kind: 'gap', count: 2 }]);
  });
});
