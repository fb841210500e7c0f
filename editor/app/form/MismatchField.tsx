/**
 * Data the form cannot edit as a field: a value of another type than the field's (a list where text
 * belongs), or a key the page type does not have. Never dropped silently: it is shown as it is, with
 * the validator's error, and the editor can remove it or start the field afresh.
 */
import { stringify } from 'yaml';
import { inSentence } from './words';
import { FieldDescription, FieldErrors, Required, useChrome } from './chrome';
import { useFormActions } from './context';
import type { FieldProps } from './field-props';
import type { Path } from './paths';
import type { Json } from '../../protocol/api';
import { descriptionOf, smallestValue, typeOf } from './schema';

function asYaml(value: Json | undefined): string {
  return value === undefined ? '(nothing)' : stringify(value, { lineWidth: 0 }).trimEnd();
}

const TYPE_WORDS: Record<string, string> = {
  string: 'text',
  number: 'a number',
  integer: 'a whole number',
  boolean: 'yes or no',
  array: 'a list',
  object: 'a group of fields',
};

function ValueShown({ id, value, describedBy }: { id: string; value: Json | undefined; describedBy: string | undefined }) {
  return (
    <pre className="ef-raw" id={id} tabIndex={-1} aria-describedby={describedBy}>
      {asYaml(value)}
    </pre>
  );
}

export function MismatchField(props: FieldProps) {
  const { schema, value, path, label, required, writeAs } = props;
  const description = props.description ?? descriptionOf(schema);
  const chrome = useChrome(path, description);
  const { set, remove } = useFormActions();
  const type = typeOf(schema);
  const expected = type ? TYPE_WORDS[type] : undefined;
  const removable = typeof path[path.length - 1] === 'number' || !required;
  return (
    <div className="ef-field ef-mismatch">
      <span className="ef-label">
        {label}
        <Required required={required} path={path} />
      </span>
      {writeAs}
      <FieldDescription id={chrome.descriptionId} text={description} />
      <p className="ef-note">
        {expected ? `This should be ${expected}; the page has this instead:` : 'The form cannot edit this value; it is kept as it is:'}
      </p>
      <ValueShown id={chrome.id} value={value} describedBy={chrome.describedBy} />
      <div className="ef-row">
        {expected && (
          <button type="button" className="ef-button" onClick={() => set(path, smallestValue(schema))}>
            Replace with empty {expected === 'text' ? 'text' : expected.replace(/^an? /, '')}
            {' '}
            <span className="ef-sr">for {inSentence(label)}</span>
          </button>
        )}
        {removable && (
          <button type="button" className="ef-button ef-button-quiet" onClick={() => remove(path)}>
            Remove <span className="ef-sr">{inSentence(label)}</span>
          </button>
        )}
      </div>
      <FieldErrors id={chrome.errorsId} errors={chrome.errors} path={path} />
    </div>
  );
}

/** A key the page type does not have (a typo, a field of another type): shown, with a Remove button. */
const UNKNOWN_KEY = 'Not a field here: the site ignores it and the check reports it. Remove it, or move its text to the right field.';

export function UnknownKeyField({ name, value, path }: { name: string; value: Json; path: Path }) {
  const chrome = useChrome(path, UNKNOWN_KEY);
  const { remove } = useFormActions();
  return (
    <div className="ef-field ef-unknown">
      <span className="ef-label">Unknown field “{name}”</span>
      <FieldDescription id={chrome.descriptionId} text={UNKNOWN_KEY} />
      <ValueShown id={chrome.id} value={value} describedBy={chrome.describedBy} />
      <div className="ef-row">
        <button type="button" className="ef-button ef-button-quiet" onClick={() => remove(path)}>
          Remove “{name}”{' '}
          <span className="ef-sr">(unknown field)</span>
        </button>
      </div>
      <FieldErrors id={chrome.errorsId} errors={chrome.errors} path={path} />
    </div>
  );
}
