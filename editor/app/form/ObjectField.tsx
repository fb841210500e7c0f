/**
 * A group of fields: a fieldset whose legend is its name, one field per property in the schema's
 * order, then the keys the schema does not know (shown, never dropped). An optional group the page
 * does not have is shown closed, as an "Add …" button.
 */
import { isRecord } from '../../../src/lib/is-record';
import { FieldDescription, FieldErrors, Required, useChrome } from './chrome';
import { useFormActions } from './context';
import { Field } from './Field';
import type { FieldProps } from './field-props';
import { UnknownKeyField } from './MismatchField';
import { childPath, isKey } from './paths';
import { descriptionOf, hasConst, propertiesOf, requiredOf, smallestValue } from './schema';
import { labelOf, inSentence } from './words';
import { isPageSchema, PageFields } from './PageFields';

/** Groups of a few short fields (a link, a fact) are laid out on one line where there is room. */
function isCompact(properties: Record<string, unknown>): boolean {
  const keys = Object.keys(properties);
  return keys.length <= 3 && keys.every((key) => ['label', 'href', 'value', 'src', 'alt', 'name', 'city', 'suffix'].includes(key));
}

export function ObjectField(props: FieldProps) {
  const { schema, value, path, label, required, writeAs, inImage } = props;
  // The page's own description is the schema's business, not the editor's: none at the root.
  const description = path.length === 0 ? undefined : (props.description ?? descriptionOf(schema));
  const chrome = useChrome(path, description);
  const { set, remove } = useFormActions();

  if (value === undefined && !required) {
    return (
      <div className="ef-field ef-absent">
        <span className="ef-label">{label}</span>
        {writeAs}
        <FieldDescription id={chrome.descriptionId} text={description} />
        <button
          type="button"
          id={chrome.id}
          className="ef-button ef-button-add"
          aria-describedby={chrome.describedBy}
          onClick={() => set(path, smallestValue(schema))}
        >
          Add {inSentence(label)}
        </button>
        <FieldErrors id={chrome.errorsId} errors={chrome.errors} path={path} />
      </div>
    );
  }

  const properties = propertiesOf(schema);
  const requiredKeys = requiredOf(schema);
  const data = isRecord(value) ? value : {};
  const unknown = Object.keys(data).filter((key) => !Object.hasOwn(properties, key));
  const fields = (
    <>
      {Object.entries(properties)
        // A section's kind is its panel's label, not a field of it.
        .filter(([key, child]) => !(props.bare && key === 'type' && hasConst(child)))
        .map(([key, child]) => (
        <Field
          key={key}
          schema={child}
          value={Object.hasOwn(data, key) ? data[key] : undefined}
          path={childPath(path, key)}
          label={labelOf(key, child)}
          required={requiredKeys.includes(key)}
          inImage={inImage}
        />
      ))}
      {unknown.map((key) => (
        <UnknownKeyField key={`unknown:${key}`} name={key} value={data[key]!} path={childPath(path, key)} />
      ))}
    </>
  );

  if (props.bare) return <div className="ef-bare">{fields}</div>;

  if (path.length === 0) {
    // The page itself: its errors first (a page that is not a document, a missing key at the top).
    return (
      <div className="ef-root" id={chrome.id} tabIndex={-1} aria-describedby={chrome.describedBy}>
        <FieldErrors id={chrome.errorsId} errors={chrome.errors} path={path} />
        {isPageSchema(schema) ? <PageFields schema={schema} value={data} path={path} /> : fields}
      </div>
    );
  }

  return (
    <fieldset
      className={`ef-group${isCompact(properties) ? ' ef-compact' : ''}`}
      id={chrome.id}
      tabIndex={-1}
      aria-describedby={chrome.describedBy}
    >
      <legend className="ef-legend">
        {label}
        <Required required={required} path={path} />
      </legend>
      {writeAs}
      <FieldDescription id={chrome.descriptionId} text={description} />
      <FieldErrors id={chrome.errorsId} errors={chrome.errors} path={path} />
      <div className="ef-group-fields">{fields}</div>
      {!required && isKey(path) && (
        <button type="button" className="ef-button ef-button-quiet ef-group-remove" onClick={() => remove(path)}>
          Remove {inSentence(label)}
        </button>
      )}
    </fieldset>
  );
}
