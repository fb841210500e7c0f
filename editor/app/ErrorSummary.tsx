/**
 * Above the form: the page's errors as `npm run check` prints them (file:line:col [code] message —
 * hint), each a link to the field it is about; then, under their own heading, the errors the change
 * would cause in other files (plain lines: their fields are not in this form).
 */
import { useId } from 'react';
import type { ContentError } from '../../src/content/errors';
import type { ApiFailure } from './api';
import { errorsText, warningsText } from './ErrorCount';
import { FailureMessage } from './FailureMessage';
import { focusField } from './field-focus';
import { fieldId } from './form/contract';

/** An error of another file: where, which field, then what (file:line:col  path  [code] message — hint). */
export function elsewhereLine(error: ContentError): string {
  const where = `${error.file}:${error.line}:${error.column}  ${error.path}  [${error.code}] ${error.message}`;
  return error.hint ? `${where} — ${error.hint}` : where;
}

export function errorLine(error: ContentError): string {
  const where = `${error.file}:${error.line}:${error.column} [${error.code}] ${error.message}`;
  return error.hint ? `${where} — ${error.hint}` : where;
}

interface ErrorSummaryProps {
  errors: readonly ContentError[];
  /** What is dated to look at today (warnings): listed under the errors, each a link to its field. */
  warnings?: readonly ContentError[];
  /** Errors in other files that the change would cause (or, `elsewhereSaved`, that the last save caused). */
  elsewhere?: readonly ContentError[];
  elsewhereSaved?: boolean;
  checking: boolean;
  failure: ApiFailure | null;
  /** false when the form is not shown (a file it cannot hold): the errors are then located in the file's text only. */
  linked?: boolean;
}

export function ErrorSummary({ errors, warnings = [], elsewhere = [], elsewhereSaved = false, checking, failure, linked = true }: ErrorSummaryProps) {
  const headingId = useId();
  return (
    <section className={errors.length > 0 || elsewhere.length > 0 ? 'ed-summary ed-summary--errors' : 'ed-summary'} aria-labelledby={headingId}>
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
      {warnings.length > 0 ? <Warnings warnings={warnings} linked={linked} /> : null}
      {elsewhere.length > 0 ? <ElsewhereErrors errors={elsewhere} saved={elsewhereSaved} /> : null}
      {failure ? <FailureMessage failure={failure} /> : null}
    </section>
  );
}

function ElsewhereErrors({ errors, saved }: { errors: readonly ContentError[]; saved: boolean }) {
  return (
    <>
      <h3 className="ed-summary__subtitle">{saved ? `This save broke other files (${errors.length})` : `This change would break other files (${errors.length})`}</h3>
      <p className="ed-help">
        {saved
          ? 'Those files have these errors now: correct them there, or undo the change here and save again.'
          : 'These files have no such errors now. If this change is saved, npm run check and the build refuse the site until they are corrected there.'}
      </p>
      <ul className="ed-summary__list ed-summary__list--elsewhere">
        {errors.map((error, index) => (
          <li key={`${error.file}-${error.path}-${error.code}-${index}`}>{elsewhereLine(error)}</li>
        ))}
      </ul>
    </>
  );
}

/** "Past in a year", "to check again by…": what a date has made stale, for the editor to decide (the page still saves and publishes). */
function Warnings({ warnings, linked }: { warnings: readonly ContentError[]; linked: boolean }) {
  return (
    <>
      <h3 className="ed-summary__subtitle">{warningsText(warnings.length)}</h3>
      <p className="ed-help">Dates that are past or due for a check, and figures the founding year contradicts. The page still saves; decide what each needs.</p>
      <ul className="ed-summary__list ed-summary__list--warnings">
        {warnings.map((warning, index) => {
          const words = `${warning.message}. ${warning.hint ?? ''}`.trim();
          return (
            <li key={`${warning.path}-${warning.code}-${index}`}>
              {linked ? (
                <a
                  href={`#${fieldId(warning.path)}`}
                  onClick={(event) => {
                    if (focusField(warning.path)) event.preventDefault();
                  }}
                >
                  {words}
                </a>
              ) : (
                words
              )}
            </li>
          );
        })}
      </ul>
    </>
  );
}
