/** "2 errors" as a badge (words, not colour only); none is said plainly. */
export function errorsText(count: number): string {
  if (count === 0) return 'No errors';
  return count === 1 ? '1 error' : `${count} errors`;
}

export function ErrorCount({ count }: { count: number }) {
  return <span className={count === 0 ? 'ed-badge ed-badge--ok' : 'ed-badge ed-badge--errors'}>{errorsText(count)}</span>;
}

/** "2 things to look at": the warnings of a page (dates past or due for a check, a figure of years the founding year contradicts); none says nothing. */
export function warningsText(count: number): string {
  return count === 1 ? '1 thing to look at' : `${count} things to look at`;
}

export function WarningCount({ count }: { count: number }) {
  return count === 0 ? null : <span className="ed-badge ed-badge--warnings">{warningsText(count)}</span>;
}
