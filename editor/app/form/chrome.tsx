/**
 * What every field shows around its control: the label (with "(required)"), the description under
 * it, the validator's errors (message, hint, code), and the ids that tie them to the control.
 */
import { useMemo } from 'react';
import type { ContentError } from '../../../src/content/errors';
import { fieldId } from './contract';
import { useFieldErrors } from './context';
import { formatPath, isKey, parsePath, type Path } from './paths';
import { capitalise, humanise, itemNoun } from './words';

export interface Chrome {
  /** The control's id: fieldId(path), what the error summary links to. */
  id: string;
  descriptionId: string;
  errorsId: string;
  /** The field's errors, without a hint that only repeats its description (shown once, above them). */
  errors: readonly ContentError[];
  /** For the control: its description and its errors. */
  describedBy: string | undefined;
  invalid: true | undefined;
}

export function useChrome(path: Path, description: string | undefined): Chrome {
  const found = useFieldErrors(path);
  const errors = useMemo(() => withoutRepeatedHint(found, description), [found, description]);
  const id = fieldId(formatPath(path));
  const descriptionId = `${id}--description`;
  const errorsId = `${id}--errors`;
  const describedBy = [description ? descriptionId : '', errors.length > 0 ? errorsId : ''].filter(Boolean).join(' ') || undefined;
  return { id, descriptionId, errorsId, errors, describedBy, invalid: errors.length > 0 ? true : undefined };
}

/**
 * The validator's hint for a mistake in a field is often the field's description: under the
 * description the field already shows, it would say the same thing twice.
 */
function withoutRepeatedHint(errors: readonly ContentError[], description: string | undefined): readonly ContentError[] {
  if (description === undefined || !errors.some((error) => error.hint !== undefined && sameWords(error.hint, description))) return errors;
  return errors.map((error) => (error.hint !== undefined && sameWords(error.hint, description) ? { ...error, hint: undefined } : error));
}

function sameWords(a: string, b: string): boolean {
  const words = (text: string) => text.trim().replace(/\s+/g, ' ').replace(/\.$/, '');
  return words(a) === words(b);
}

/** "(required)" after the name of a required key; a list's items are all required, and do not say so. */
export function Required({ required, path }: { required: boolean; path: Path }) {
  return required && isKey(path) ? (
    <>
      {' '}
      <span className="ef-required">(required)</span>
    </>
  ) : null;
}

export function FieldLabel({ htmlFor, label, required, path }: { htmlFor: string; label: string; required: boolean; path: Path }) {
  return (
    <label className="ef-label" htmlFor={htmlFor}>
      {label}
      <Required required={required} path={path} />
    </label>
  );
}

export function FieldDescription({ id, text }: { id: string; text: string | undefined }) {
  return text ? (
    <p className="ef-description" id={id}>
      {text}
    </p>
  ) : null;
}

/**
 * The errors of a field: what is wrong and what to do; an error of a part of it names that part in
 * words ("Card 2, title"). The error's code and its place in the file are in the error list above the form.
 */
export function FieldErrors({ id, errors, path }: { id: string; errors: readonly ContentError[]; path: Path }) {
  if (errors.length === 0) return null;
  const here = formatPath(path);
  return (
    <ul className="ef-errors" id={id}>
      {errors.map((error, index) => (
        <li key={index} className="ef-error">
          {error.path !== here && error.path.startsWith(here) && (
            <>
              <span className="ef-error-where">{placeInWords(error.path.slice(here.length))}:</span>{' '}
            </>
          )}
          <span className="ef-error-message">{error.message}</span>
          {error.hint && (
            <>
              {' '}
              <span className="ef-error-hint">{error.hint}</span>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}

/** `.cards[1].title` → "Card 2, title": where in a field an error is, as the form names its parts. */
function placeInWords(rest: string): string {
  const segments = parsePath(rest.replace(/^\./, ''));
  const words: string[] = [];
  segments.forEach((segment, index) => {
    if (typeof segment === 'number') {
      const previous = segments[index - 1];
      const noun = itemNoun(typeof previous === 'string' ? previous : undefined);
      if (typeof previous === 'string' && words.length > 0) words.pop();
      words.push(`${noun} ${segment + 1}`);
    } else words.push(humanise(segment).toLowerCase());
  });
  return capitalise(words.join(', ') || 'here');
}
