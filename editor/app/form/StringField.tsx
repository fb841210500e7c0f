/**
 * Text: a line, or a textarea for text of several paragraphs (a description, the text of a
 * paragraphs field, or any text that already has a line break). A link offers the site's routes;
 * a path in public/ offers its files; a path to an image adds a thumbnail and an upload.
 */
import { useEffect, useRef, type ChangeEvent } from 'react';
import { FieldDescription, FieldErrors, FieldLabel, useChrome } from './chrome';
import { useBranches, useFormActions, useLists } from './context';
import type { FieldProps } from './field-props';
import { ImagePathField } from './ImagePathField';
import { formatPath, isKey } from './paths';
import { usePhotoPrompt, usePhotoPrompts } from './photo-prompt';
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
  if (image) return <ImagePathField {...props} />;
  if (kind === 'branch') return <BranchField {...props} />;
  return <TextField {...props} />;
}

/** What a centre (a field of kind `branch`) may be besides a branch: taught online only. */
const ONLINE = 'online';

/**
 * A branch of the site, by its city, or online: a choice among the site's branches (a value that is
 * none of them, written by hand, is kept and shown as such: the validator says what to do).
 */
function BranchField(props: FieldProps) {
  const { schema, value, path, label, required, writeAs } = props;
  const description = props.description ?? descriptionOf(schema);
  const chrome = useChrome(path, description);
  const { set, remove } = useFormActions();
  const branches = useBranches();
  const current = typeof value === 'string' ? value : '';
  const known = current === ONLINE || branches.includes(current);
  const onChange = (event: ChangeEvent<HTMLSelectElement>) => {
    const picked = event.target.value;
    if (picked === '' && isKey(path)) remove(path);
    else set(path, picked);
  };
  return (
    <div className="ef-field">
      <FieldLabel htmlFor={chrome.id} label={label} required={required} path={path} />
      {writeAs}
      <FieldDescription id={chrome.descriptionId} text={description} />
      <select id={chrome.id} className="ef-select" value={current} onChange={onChange} aria-describedby={chrome.describedBy} aria-invalid={chrome.invalid} aria-required={required || undefined}>
        {current === '' && <option value="">Choose…</option>}
        {!known && current !== '' && <option value={current}>{current} (not a branch)</option>}
        {branches.map((city) => (
          <option key={city} value={city}>
            {city}
          </option>
        ))}
        <option value={ONLINE}>Online</option>
      </select>
      <FieldErrors id={chrome.errorsId} errors={chrome.errors} path={path} />
    </div>
  );
}

function TextField(props: FieldProps) {
  const { schema, value, path, label, required, writeAs } = props;
  const kind = kindOf(schema);
  const description = props.description ?? descriptionOf(schema);
  const chrome = useChrome(path, description);
  const lists = useLists();
  const change = useTextChange(props);
  const text = typeof value === 'string' ? value : '';
  // After a photo is uploaded, its description is asked for here (photo-prompt.ts).
  const where = formatPath(path);
  const prompts = usePhotoPrompts();
  const prompt = usePhotoPrompt(where);
  const promptId = `${chrome.id}--prompt`;
  const control = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  useEffect(() => {
    if (!prompt || !control.current) return;
    control.current.focus({ preventScroll: true });
    control.current.scrollIntoView?.({ block: 'center' });
  }, [prompt]);
  const write = (next: string) => {
    if (prompt && next.trim() !== '') prompts.answered(where);
    change(next);
  };
  const long = props.long || path[path.length - 1] === 'description' || text.includes('\n');
  const list = kind === 'link' ? lists.routes : kind === 'public-file' ? lists.files : undefined;
  const onChange = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => write(event.target.value);
  const attributes = {
    ref: control,
    id: chrome.id,
    value: text,
    onChange,
    'aria-describedby': prompt ? [promptId, chrome.describedBy].filter(Boolean).join(' ') : chrome.describedBy,
    'aria-invalid': chrome.invalid,
    'aria-required': required || undefined,
    spellCheck: kind === undefined,
  };
  return (
    <div className="ef-field">
      <FieldLabel htmlFor={chrome.id} label={label} required={required} path={path} />
      {writeAs}
      <FieldDescription id={chrome.descriptionId} text={description} />
      {prompt && (
        <p className="ef-prompt" id={promptId}>
          Describe the new photo ({prompt.photo}): what does it show, for someone who cannot see it?
          {prompt.old !== undefined && <> The description before was of the old photo: “{prompt.old}”.</>}
        </p>
      )}
      {long ? (
        <textarea className="ef-input ef-textarea" rows={rowsFor(text)} {...attributes} />
      ) : kind === 'date' || kind === 'month' ? (
        // The browser's date picker; its value is the content's own form (2027-01-11, 2027-02).
        <input className="ef-input ef-date" type={kind} {...attributes} />
      ) : (
        <input className="ef-input" type="text" list={list} autoComplete="off" {...attributes} />
      )}
      <FieldErrors id={chrome.errorsId} errors={chrome.errors} path={path} />
    </div>
  );
}
