/**
 * A line diff (longest common subsequence) for the conflict dialog's "Compare": what the file on
 * disk says against what the editor would write. Small pages, so the plain dynamic programme is
 * enough; the common start and end are taken off first, so a few changed lines cost little.
 */

export type DiffLineKind = 'same' | 'removed' | 'added';

export interface DiffLine {
  kind: DiffLineKind;
  text: string;
  /** 1-based line in the old text (same, removed). */
  oldLine?: number;
  /** 1-based line in the new text (same, added). */
  newLine?: number;
}

/** A run of unchanged lines left out of the shown diff. */
export interface DiffGap {
  kind: 'gap';
  count: number;
}

function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split(/\r?\n/);
  // A final newline ends the last line; it does not start an empty one.
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** Every line of both texts, in order: the old text's lines that are gone, the new text's that came. */
export function diffLines(oldText: string, newText: string): DiffLine[] {
  const a = splitLines(oldText);
  const b = splitLines(newText);
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }

  const out: DiffLine[] = [];
  for (let i = 0; i < start; i++) out.push({ kind: 'same', text: a[i]!, oldLine: i + 1, newLine: i + 1 });

  // lengths[i][j]: the longest common subsequence of a[start+i..endA) and b[start+j..endB).
  const rows = endA - start;
  const cols = endB - start;
  const width = cols + 1;
  const lengths = new Uint32Array((rows + 1) * width);
  for (let i = rows - 1; i >= 0; i--) {
    for (let j = cols - 1; j >= 0; j--) {
      lengths[i * width + j] =
        a[start + i] === b[start + j]
          ? lengths[(i + 1) * width + j + 1]! + 1
          : Math.max(lengths[(i + 1) * width + j]!, lengths[i * width + j + 1]!);
    }
  }
  let i = 0;
  let j = 0;
  while (i < rows || j < cols) {
    const oldIndex = start + i;
    const newIndex = start + j;
    if (i < rows && j < cols && a[oldIndex] === b[newIndex]) {
      out.push({ kind: 'same', text: a[oldIndex]!, oldLine: oldIndex + 1, newLine: newIndex + 1 });
      i++;
      j++;
    } else if (i < rows && (j === cols || lengths[(i + 1) * width + j]! >= lengths[i * width + j + 1]!)) {
      // On a tie the old line goes first: a changed line reads as "- old" then "+ new".
      out.push({ kind: 'removed', text: a[oldIndex]!, oldLine: oldIndex + 1 });
      i++;
    } else {
      out.push({ kind: 'added', text: b[newIndex]!, newLine: newIndex + 1 });
      j++;
    }
  }

  for (let k = 0; k < a.length - endA; k++) {
    out.push({ kind: 'same', text: a[endA + k]!, oldLine: endA + k + 1, newLine: endB + k + 1 });
  }
  return out;
}

/** Whether the texts differ in any line. */
export function hasChanges(lines: readonly DiffLine[]): boolean {
  return lines.some((line) => line.kind !== 'same');
}

/**
 * The changes with `context` unchanged lines around each; longer unchanged runs become one gap,
 * so a one-line change in a long page reads as a few lines.
 */
export function withContext(lines: readonly DiffLine[], context = 3): (DiffLine | DiffGap)[] {
  const keep = lines.map(() => false);
  lines.forEach((line, index) => {
    if (line.kind === 'same') return;
    for (let k = Math.max(0, index - context); k <= Math.min(lines.length - 1, index + context); k++) keep[k] = true;
  });
  const out: (DiffLine | DiffGap)[] = [];
  let skipped = 0;
  lines.forEach((line, index) => {
    if (keep[index]) {
      if (skipped > 0) out.push({ kind: 'gap', count: skipped });
      skipped = 0;
      out.push(line);
    } else {
      skipped++;
    }
  });
  if (skipped > 0) out.push({ kind: 'gap', count: skipped });
  return out;
}
