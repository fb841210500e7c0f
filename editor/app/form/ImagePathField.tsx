/**
 * The path of an image in public/: typed or picked from the site's images, shown as a small
 * thumbnail, or uploaded from the computer ("Upload photo": the dev server saves it into public/ and
 * the field takes its path). The upload's progress and failure are said in words.
 */
import { useState, type ChangeEvent } from 'react';
import { FieldDescription, FieldErrors, FieldLabel, useChrome } from './chrome';
import { useFormActions, useLists, useUpload } from './context';
import type { FieldProps } from './field-props';
import { descriptionOf } from './schema';
import { useTextChange } from './text-change';

type Progress = { state: 'idle' } | { state: 'uploading'; name: string } | { state: 'done'; src: string } | { state: 'failed'; name: string; reason: string };

const IMAGE_PATH = /^\/[^\s\\%?#]+\.(svg|webp|avif|png|jpe?g|gif)$/i;

/** The reason, without its closing full stop: the message around it adds one. */
function reasonOf(error: unknown): string {
  const reason = error instanceof Error && error.message ? error.message : typeof error === 'string' && error ? error : 'the server did not answer';
  return reason.trim().replace(/\.+$/, '');
}

export function ImagePathField(props: FieldProps) {
  const { schema, value, path, label, required, writeAs } = props;
  const description = props.description ?? descriptionOf(schema);
  const chrome = useChrome(path, description);
  const lists = useLists();
  const upload = useUpload();
  const { set } = useFormActions();
  const write = useTextChange(props);
  const [progress, setProgress] = useState<Progress>({ state: 'idle' });
  // A thumbnail whose file does not load is hidden (the validator says why); a new path tries again.
  const [brokenSrc, setBrokenSrc] = useState<string | null>(null);
  const text = typeof value === 'string' ? value : '';
  const uploadId = `${chrome.id}--upload`;
  const statusId = `${chrome.id}--upload-status`;

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    const file = input.files?.[0];
    if (!file) return;
    setProgress({ state: 'uploading', name: file.name });
    try {
      const src = await upload(file);
      set(path, src);
      setProgress({ state: 'done', src });
    } catch (error) {
      setProgress({ state: 'failed', name: file.name, reason: reasonOf(error) });
    } finally {
      // The same file can be chosen again (after a failure, or to replace an edit).
      input.value = '';
    }
  };

  return (
    <div className="ef-field ef-image-field">
      <FieldLabel htmlFor={chrome.id} label={label} required={required} path={path} />
      {writeAs}
      <FieldDescription id={chrome.descriptionId} text={description} />
      <div className="ef-image-row">
        {IMAGE_PATH.test(text) && brokenSrc !== text && <img className="ef-thumb" src={text} alt="" onError={() => setBrokenSrc(text)} />}
        <input
          id={chrome.id}
          className="ef-input"
          type="text"
          list={lists.images}
          autoComplete="off"
          spellCheck={false}
          value={text}
          onChange={(event) => write(event.target.value)}
          aria-describedby={chrome.describedBy}
          aria-invalid={chrome.invalid}
          aria-required={required || undefined}
        />
      </div>
      <div className="ef-upload">
        <label className="ef-upload-label" htmlFor={uploadId}>
          Upload photo{' '}
          <span className="ef-sr">for {label.toLowerCase()}</span>
        </label>
        <input
          id={uploadId}
          className="ef-file"
          type="file"
          accept="image/*"
          aria-describedby={statusId}
          onChange={(event) => void onFile(event)}
        />
      </div>
      <p className="ef-upload-status" id={statusId} role="status">
        {progress.state === 'uploading' && `Uploading ${progress.name}…`}
        {progress.state === 'done' && `Uploaded: the field now shows ${progress.src}.`}
        {progress.state === 'failed' && <span className="ef-error">The upload of {progress.name} failed: {progress.reason}. Try again, or pick an image already on the site.</span>}
      </p>
      <FieldErrors id={chrome.errorsId} errors={chrome.errors} path={path} />
    </div>
  );
}
