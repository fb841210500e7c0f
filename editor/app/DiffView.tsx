/**
 * Two versions of a file line by line, changes marked by − and +, not by colour only: the file on
 * disk against what the editor would write, or (publishing) the live page against the published one.
 */
import { diffLines, hasChanges, withContext } from './diff';

const MARK = { same: ' ', removed: '−', added: '+' } as const;

/** What the two versions are called: `the file on disk` / `on disk`, `your version` / `yours`. */
export interface DiffLabels {
  old: string;
  oldShort: string;
  new: string;
  newShort: string;
}

const DISK_AND_MINE: DiffLabels = { old: 'the file on disk', oldShort: 'on disk', new: 'your version', newShort: 'yours' };

export function DiffView({ disk, mine, labels = DISK_AND_MINE }: { disk: string; mine: string; labels?: DiffLabels }) {
  const lines = diffLines(disk, mine);
  if (!hasChanges(lines)) {
    return <p className="ed-help">{`${capitalised(labels.old)} already says exactly what ${labels.new} would: nothing differs.`}</p>;
  }
  return (
    <div className="ed-diff-wrap">
      <p className="ed-help">
        Lines marked <strong>{`− (${labels.oldShort})`}</strong> are only in {labels.old}; lines marked <strong>{`+ (${labels.newShort})`}</strong> are only in{' '}
        {labels.new}. Unmarked lines are the same in both.
      </p>
      <pre className="ed-diff" tabIndex={0} aria-label={`Differences between ${labels.old} and ${labels.new}`}>
        {withContext(lines).map((line, index) =>
          line.kind === 'gap' ? (
            <span key={index} className="ed-diff__gap">
              {`  … ${line.count} unchanged ${line.count === 1 ? 'line' : 'lines'} …\n`}
            </span>
          ) : (
            <span key={index} className={`ed-diff__line ed-diff__line--${line.kind}`}>
              {`${MARK[line.kind]} ${line.text}\n`}
            </span>
          ),
        )}
      </pre>
    </div>
  );
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
