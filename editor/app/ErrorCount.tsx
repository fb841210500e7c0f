/** "2 errors" as a badge (words, not colour only); none is said plainly. */
export function errorsText(count: number): string {
  if (count === 0) return 'No errors';
  return count === 1 ? '1 error' : `${count} errors`;
}

export function ErrorCount({ count }: { count: number }) {
  return <span className={count === 0 ? 'ed-badge ed-badge--ok' : 'ed-badge ed-badge--errors'}>{errorsText(count)}</span>;
}
