/** The file on disk against what the editor would write, line by line; changes marked by − and +, not by colour only. */
import { diffLines, hasChanges, withContext } from './diff';

const MARK = { same: ' ', removed: '−', added: '+' } as const;

export function DiffView({ disk, mine }: { disk: string; mine: string }) {
  const lines = diffLines(disk, mine);
  if (!hasChanges(lines)) {
    return <p className="ed-help">The file on disk already says exactly what yours would: nothing differs.</p>;
  }
  return (
    <div className="ed-diff-wrap">
      <p className="ed-help">
        Lines marked <strong>− (on disk)</strong> are only in the file on disk; lines marked <strong>+ (yours)</strong> are only in your
        version. Unmarked lines are the same in both.
      </p>
      <pre className="ed-diff" tabIndex={0} aria-label="Differences between the file on disk and your version">
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
