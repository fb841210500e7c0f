/**
 * Text: a line, or a textarea for text of several paragraphs (a description, the text of a
 * paragraphs field, or any text that already has a line break). A link offers the site's routes;
 * a path in public/ offers its files; a path to an image adds a thumbnail and an upload.
 */
import type { ChangeEvent } from 'react';
import { FieldDescription, FieldErrors, FieldLabel, useChrome } from './chrome';
import { useLists } from './context';
import type { FieldProps } from './field-props';
import { ImagePathField } from './ImagePathField';
import { descriptionOf, kindOf, slotOf } from './schema';
import { useTextChange } from './text-change';

/** Rows for a textarea that fits its text (browsers with `field-sizing: content` grow it as one types). */
function rowsFor(text: string): number {
  const lines = text.split('\n').reduce((count, line) => count + 1 + Math.floor(line.length / 80), 0);
  return Math.min(16, Math.max(3, lines));
}

export function StringField(props: FieldProps) {
  const kind = kindOf(props.schema);
  const image = kind === 'image' || (kind === 'public-file' && (props.inImage || slotOf(props.schema) !== undefined));
  return image ? <ImagePathField {...props} /> : <TextField {...props} />;
}

function TextField(props: FieldProps) {
  const { schema, value, path, label, required, writeAs } = props;
  const kind = kindOf(schema);
  const description = props.description ?? descriptionOf(schema);
  const chrome = useChrome(path, description);
  const lists = useLists();
  const write = useTextChange(props);
  const text = typeof value === 'string' ? value : '';
  const long = props.long || path[path.length - 1] === 'description' || text.includes('\n');
  const list = kind === 'link' ? lists.routes : kind === 'public-file' ? lists.files : undefined;
  const onChange = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => write(event.target.value);
  const control = {
    id: chrome.id,
    value: text,
    onChange,
    'aria-describedby': chrome.describedBy,
    'aria-invalid': chrome.invalid,
    'aria-required': required || undefined,
    spellCheck: kind === undefined,
  };
  return (
    <div className="ef-field">
      <FieldLabel htmlFor={chrome.id} label={label} required={required} path={path} />
      {writeAs}
      <FieldDescription id={chrome.descriptionId} text={description} />
      {long ? (
        <textarea className="ef-input ef-textarea" rows={rowsFor(text)} {...control} />
      ) : (
        <input className="ef-input" type="text" list={list} autoComplete="off" {...control} />
      )}
      <FieldErrors id={chrome.errorsId} errors={chrome.errors} path={path} />
    </div>
  );
}
