/** Fixed values, choices, numbers and yes/no fields. */
import { useState, type ChangeEvent } from 'react';
import type { Json } from '../../protocol/api';
import { FieldDescription, FieldErrors, FieldLabel, useChrome } from './chrome';
import { useFormActions } from './context';
import type { FieldProps } from './field-props';
import { isKey } from './paths';
import { descriptionOf, enumOf, kindOf, numberKeyword, typeOf } from './schema';
import { choiceLabel, textOf, inSentence } from './words';

function defaultOf(props: FieldProps): Json | undefined {
  return Object.hasOwn(props.schema, 'default') ? (props.schema.default as Json) : undefined;
}

/** A value the data must have as it is (a section's `type`): shown, not edited. */
export function ConstField(props: FieldProps) {
  const { schema, value, path, label, required, writeAs } = props;
  const description = props.description ?? descriptionOf(schema);
  const chrome = useChrome(path, description);
  const { remove } = useFormActions();
  const shown = value === undefined ? (schema.const as Json) : value;
  return (
    <div className="ef-field ef-const">
      <FieldLabel htmlFor={chrome.id} label={label} required={required} path={path} />
      {writeAs}
      <FieldDescription id={chrome.descriptionId} text={description} />
      <div className="ef-row">
        <input
          id={chrome.id}
          className="ef-input ef-readonly"
          readOnly
          value={choiceLabel(shown)}
          aria-describedby={chrome.describedBy}
          aria-invalid={chrome.invalid}
        />
        {!required && value !== undefined && isKey(path) && (
          <button type="button" className="ef-button ef-button-quiet" onClick={() => remove(path)}>
            Remove <span className="ef-sr">{inSentence(label)}</span>
          </button>
        )}
      </div>
      <FieldErrors id={chrome.errorsId} errors={chrome.errors} path={path} />
    </div>
  );
}

/** One of a fixed list of words: a select. An optional one can be left unset (its default applies). */
export function EnumField(props: FieldProps) {
  const { schema, value, path, label, required, writeAs } = props;
  const description = props.description ?? descriptionOf(schema);
  const chrome = useChrome(path, description);
  const { set, remove } = useFormActions();
  const choices = enumOf(schema) ?? [];
  const fallback = defaultOf(props);
  const current = value === undefined || value === null ? '' : textOf(value);
  const known = choices.some((choice) => textOf(choice) === current);
  const onChange = (event: ChangeEvent<HTMLSelectElement>) => {
    const picked = event.target.value;
    if (picked === '') {
      if (isKey(path)) remove(path);
      return;
    }
    set(path, choices.find((choice) => textOf(choice) === picked) ?? picked);
  };
  return (
    <div className="ef-field">
      <FieldLabel htmlFor={chrome.id} label={label} required={required} path={path} />
      {writeAs}
      <FieldDescription id={chrome.descriptionId} text={description} />
      <select
        id={chrome.id}
        className="ef-select"
        value={current}
        onChange={onChange}
        aria-describedby={chrome.describedBy}
        aria-invalid={chrome.invalid}
        aria-required={required || undefined}
      >
        {(value === undefined || !required) && (
          <option value="">{fallback !== undefined ? `Default (${choiceLabel(fallback)})` : required ? 'Choose…' : 'None'}</option>
        )}
        {!known && current !== '' && <option value={current}>{current} (not a choice)</option>}
        {choices.map((choice) => (
          <option key={textOf(choice)} value={textOf(choice)}>
            {choiceLabel(choice)}
          </option>
        ))}
      </select>
      <FieldErrors id={chrome.errorsId} errors={chrome.errors} path={path} />
    </div>
  );
}

/**
 * A number: written as a number. While typing, what is typed is kept even when it is not a number
 * yet ("1.", "-"); an emptied key is deleted (the validator says so if it was required), an emptied
 * item of a list keeps its number (shown again when the field is left).
 */
export function NumberField(props: FieldProps) {
  const { schema, value, path, label, required, writeAs } = props;
  const description = props.description ?? descriptionOf(schema);
  const chrome = useChrome(path, description);
  const { set, remove } = useFormActions();
  const [draft, setDraft] = useState<string | null>(null);
  const fallback = defaultOf(props);
  const integer = typeOf(schema) === 'integer';
  const shown = draft ?? (typeof value === 'number' ? textOf(value) : '');
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const text = event.target.value;
    setDraft(text);
    if (text.trim() === '') {
      if (isKey(path) && value !== undefined) remove(path);
      return;
    }
    const number = Number(text);
    if (Number.isFinite(number) && number !== value) set(path, number);
  };
  const input = (
    <input
      id={chrome.id}
      className="ef-input ef-number"
      type="number"
      inputMode={integer ? 'numeric' : 'decimal'}
      step={integer ? 1 : 'any'}
      min={numberKeyword(schema, 'minimum')}
      max={numberKeyword(schema, 'maximum')}
      placeholder={typeof fallback === 'number' ? `Default: ${fallback}` : undefined}
      value={shown}
      onChange={onChange}
      onBlur={() => setDraft(null)}
      aria-describedby={chrome.describedBy}
      aria-invalid={chrome.invalid}
      aria-required={required || undefined}
    />
  );
  return (
    <div className="ef-field">
      <FieldLabel htmlFor={chrome.id} label={label} required={required} path={path} />
      {writeAs}
      <FieldDescription id={chrome.descriptionId} text={description} />
      {kindOf(schema) === 'rupees' ? (
        // An amount in rupees (a fee): the sign before it, as the page shows it.
        <div className="ef-row ef-money">
          <span className="ef-money-sign" aria-hidden="true">
            ₹
          </span>
          {input}
        </div>
      ) : (
        input
      )}
      <FieldErrors id={chrome.errorsId} errors={chrome.errors} path={path} />
    </div>
  );
}

/** Yes or no: a checkbox; an unset one shows its default. */
export function BooleanField(props: FieldProps) {
  const { schema, value, path, label, required, writeAs } = props;
  const description = props.description ?? descriptionOf(schema);
  const chrome = useChrome(path, description);
  const { set } = useFormActions();
  const fallback = defaultOf(props);
  const checked = typeof value === 'boolean' ? value : fallback === true;
  return (
    <div className="ef-field ef-checkbox-field">
      <div className="ef-row">
        <input
          id={chrome.id}
          className="ef-checkbox"
          type="checkbox"
          checked={checked}
          onChange={(event) => set(path, event.target.checked)}
          aria-describedby={chrome.describedBy}
          aria-invalid={chrome.invalid}
        />
        <FieldLabel htmlFor={chrome.id} label={label} required={required} path={path} />
      </div>
      {writeAs}
      <FieldDescription id={chrome.descriptionId} text={description} />
      <FieldErrors id={chrome.errorsId} errors={chrome.errors} path={path} />
    </div>
  );
}
