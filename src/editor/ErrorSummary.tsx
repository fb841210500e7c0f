/**
 * Above the form: the page's errors as `npm run check` prints them (file:line:col [code] message —
 * hint), each a link to the field it is about.
 */
import { useId } from 'react';
import type { ContentError } from '../content/errors';
import type { ApiFailure } from './api';
import { errorsText } from './ErrorCount';
import { FailureMessage } from './FailureMessage';
import { focusField } from './field-focus';
import { fieldId } from './form/contract';

export function errorLine(error: ContentError): string {
  const where = `${error.file}:${error.line}:${error.column} [${error.code}] ${error.message}`;
  return error.hint ? `${where} — ${error.hint}` : where;
}

interface ErrorSummaryProps {
  errors: readonly ContentError[];
  checking: boolean;
  failure: ApiFailure | null;
  /** false when the form is not shown (a file it cannot hold): the errors are then located in the file's text only. */
  linked?: boolean;
}

export function ErrorSummary({ errors, checking, failure, linked = true }: ErrorSummaryProps) {
  const headingId = useId();
  return (
    <section className={errors.length > 0 ? 'ed-summary ed-summary--errors' : 'ed-summary'} aria-labelledby={headingId}>
      <h2 id={headingId} className="ed-summary__title">
        {errorsText(errors.length)}
        {checking ? <span className="ed-summary__checking"> (checking…)</span> : null}
      </h2>
      {errors.length > 0 ? (
        <>
          <p className="ed-help">
            <code>npm run check</code> and the build refuse this page until these are fixed.{' '}
            {linked ? 'Each links to its field.' : 'Each says the line and column of the file where it is.'}
          </p>
          <ul className="ed-summary__list">
            {errors.map((error, index) => (
              <li key={`${error.path}-${error.code}-${index}`}>
                {linked ? (
                  <a
                    href={`#${fieldId(error.path)}`}
                    onClick={(event) => {
                      // Focus, not only scroll: the next Tab and a screen reader start at the field.
                      if (focusField(error.path)) event.preventDefault();
                    }}
                  >
                    {errorLine(error)}
                  </a>
                ) : (
                  errorLine(error)
                )}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {failure ? <FailureMessage failure={failure} /> : null}
    </section>
  );
}
