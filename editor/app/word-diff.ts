/**
 * What changed in a page's visible text, as the publishers' screen marks it: the text live and as it
 * would be published, paragraph by paragraph (a heading, a paragraph, a list item), matched with a
 * longest common subsequence; a paragraph changed in place is compared word by word, so the words
 * removed and inserted are marked, not the whole paragraph.
 */

export type Mark = 'same' | 'removed' | 'added';

export interface Piece {
  mark: Mark;
  text: string;
}

/** One paragraph of the comparison: as it is live (null: not there) and as it would be published. */
export interface ParagraphChange {
  before: Piece[] | null;
  after: Piece[] | null;
}

/** Paragraphs unchanged between two changed ones, left out of the shown comparison. */
export interface Unchanged {
  unchanged: number;
}

/** Above this many cells the word comparison of one paragraph gives way to "all of it changed". */
const MAX_CELLS = 1_000_000;

/** The longest common subsequence of `a` and `b`, as the sequence of same / removed / added items. */
function sequence<T>(a: readonly T[], b: readonly T[]): { mark: Mark; item: T }[] {
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const head = a.slice(0, start).map((item) => ({ mark: 'same' as const, item }));
  const tail = a.slice(endA).map((item) => ({ mark: 'same' as const, item }));
  const [x, y] = [a.slice(start, endA), b.slice(start, endB)];
  if (x.length * y.length > MAX_CELLS) {
    return [...head, ...x.map((item) => ({ mark: 'removed' as const, item })), ...y.map((item) => ({ mark: 'added' as const, item })), ...tail];
  }
  // lengths[i][j]: the common subsequence's length of x[i..] and y[j..].
  const lengths = Array.from({ length: x.length + 1 }, () => new Uint32Array(y.length + 1));
  for (let i = x.length - 1; i >= 0; i--) {
    for (let j = y.length - 1; j >= 0; j--) lengths[i]![j] = x[i] === y[j] ? lengths[i + 1]![j + 1]! + 1 : Math.max(lengths[i + 1]![j]!, lengths[i]![j + 1]!);
  }
  const middle: { mark: Mark; item: T }[] = [];
  let [i, j] = [0, 0];
  while (i < x.length || j < y.length) {
    if (i < x.length && j < y.length && x[i] === y[j]) {
      middle.push({ mark: 'same', item: x[i]! });
      i++;
      j++;
    } else if (j < y.length && (i === x.length || lengths[i]![j + 1]! >= lengths[i + 1]![j]!)) {
      middle.push({ mark: 'added', item: y[j]! });
      j++;
    } else {
      middle.push({ mark: 'removed', item: x[i]! });
      i++;
    }
  }
  return [...head, ...middle, ...tail];
}

/**
 * Neighbouring pieces of one mark joined, and the spaces between two changed words taken into the
 * change: "<ins>Multistorey buildings, as Asha wrote it</ins>", not a mark per word.
 */
function joined(pieces: readonly Piece[]): Piece[] {
  const out: Piece[] = [];
  pieces.forEach((piece, index) => {
    const last = out[out.length - 1];
    const next = pieces[index + 1];
    const mark = piece.mark === 'same' && /^\s+$/.test(piece.text) && last && last.mark !== 'same' && next?.mark === last.mark ? last.mark : piece.mark;
    if (last?.mark === mark) last.text += piece.text;
    else out.push({ mark, text: piece.text });
  });
  return out;
}

/** One paragraph changed in place: each side with its own removed or inserted words marked. */
export function wordChange(before: string, after: string): ParagraphChange {
  const words = (text: string) => text.split(/(\s+)/).filter(Boolean);
  const steps = sequence(words(before), words(after));
  return {
    before: joined(steps.filter((step) => step.mark !== 'added').map((step) => ({ mark: step.mark, text: step.item }))),
    after: joined(steps.filter((step) => step.mark !== 'removed').map((step) => ({ mark: step.mark, text: step.item }))),
  };
}

/**
 * The paragraphs that change between `before` and `after`, in order, with the runs of unchanged
 * ones between them counted. A paragraph removed next to one inserted is taken as that paragraph
 * changed in place.
 */
export function paragraphChanges(before: readonly string[], after: readonly string[]): (ParagraphChange | Unchanged)[] {
  const steps = sequence(before, after);
  const out: (ParagraphChange | Unchanged)[] = [];
  let index = 0;
  while (index < steps.length) {
    if (steps[index]!.mark === 'same') {
      let count = 0;
      while (index < steps.length && steps[index]!.mark === 'same') {
        count++;
        index++;
      }
      out.push({ unchanged: count });
      continue;
    }
    const removed: string[] = [];
    const added: string[] = [];
    while (index < steps.length && steps[index]!.mark !== 'same') {
      const step = steps[index]!;
      (step.mark === 'removed' ? removed : added).push(step.item);
      index++;
    }
    for (let pair = 0; pair < Math.max(removed.length, added.length); pair++) {
      const [was, is] = [removed[pair], added[pair]];
      if (was !== undefined && is !== undefined) out.push(wordChange(was, is));
      else if (was !== undefined) out.push({ before: [{ mark: 'removed', text: was }], after: null });
      else out.push({ before: null, after: [{ mark: 'added', text: is! }] });
    }
  }
  return out;
}
