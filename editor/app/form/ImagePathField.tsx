/**
 * A picture of the site: typed or picked from the site's pictures, shown as a small thumbnail with
 * its file's name, or uploaded from the computer ("Upload a new photo": the server keeps it with
 * the site's pictures and the field takes it). After an upload the picture's description is asked
 * for (photo-prompt.ts): the old one was of the old photo. The upload's progress and failure are
 * said in words.
 */
import { useState, type ChangeEvent } from 'react';
import { inSentence } from './words';
import { isRecord } from '../../../src/lib/is-record';
import { FieldDescription, FieldErrors, FieldLabel, useChrome } from './chrome';
import { useFormActions, useLists, useUpload } from './context';
import type { FieldProps } from './field-props';
import { childPath, formatPath } from './paths';
import { fileNameOf, usePhotoPrompts, useUploadedPhoto } from './photo-prompt';
import { descriptionOf } from './schema';
import { useTextChange } from './text-change';

type Progress = { state: 'idle' } | { state: 'uploading'; name: string } | { state: 'failed'; name: string; reason: string };

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
  const { set, get } = useFormActions();
  const prompts = usePhotoPrompts();
  // The picture this field is the file of: a picture written with its description is drawn anew
  // (as a group) after an upload, so what was uploaded is kept with the form, by the picture's place.
  const imagePath = formatPath(path[path.length - 1] === 'src' ? path.slice(0, -1) : path);
  const uploadedPhoto = useUploadedPhoto(imagePath);
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
      setProgress({ state: 'idle' });
      prompts.uploaded(imagePath, fileNameOf(src));
      describeNew(src);
    } catch (error) {
      setProgress({ state: 'failed', name: file.name, reason: reasonOf(error) });
    } finally {
      // The same file can be chosen again (after a failure, or to replace an edit).
      input.value = '';
    }
  };

  /**
   * Writes the new photo and asks for its description where the picture has one: beside it (a
   * gallery's photo, a picture written with its description) or made for it (a picture written as
   * a path alone becomes one with a description).
   */
  const describeNew = (src: string) => {
    const key = path[path.length - 1];
    const parentPath = path.slice(0, -1);
    const parent = key === 'src' ? get(parentPath) : undefined;
    if (isRecord(parent) && (Object.hasOwn(parent, 'alt') || props.inImage)) {
      const old = typeof parent.alt === 'string' && parent.alt.trim() !== '' ? parent.alt : undefined;
      set(parentPath, { ...parent, src, alt: '' });
      prompts.ask(formatPath([...parentPath, 'alt']), fileNameOf(src), old);
    } else if (props.inImage && key !== 'src') {
      set(path, { src, alt: '' });
      prompts.ask(formatPath(childPath(path, 'alt')), fileNameOf(src), undefined);
    } else {
      set(path, src);
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
        {/* The browser's own file button would say "No file chosen" after every upload: the picture's name is said here instead. */}
        <input
          id={uploadId}
          className="ef-file ef-sr"
          type="file"
          accept="image/*"
          aria-describedby={statusId}
          onChange={(event) => void onFile(event)}
        />
        <label className="ef-button ef-button-quiet ef-upload-label" htmlFor={uploadId}>
          Upload a new photo{' '}
          <span className="ef-sr">for {inSentence(label)}</span>
        </label>
        {text !== '' && <span className="ef-upload-current">Now: {fileNameOf(text)}</span>}
      </div>
      <p className="ef-upload-status" id={statusId} role="status">
        {progress.state === 'uploading' && `Uploading ${progress.name}…`}
        {progress.state === 'idle' && uploadedPhoto !== undefined && text !== '' && fileNameOf(text) === uploadedPhoto && `Uploaded: the page now shows ${uploadedPhoto}.`}
        {progress.state === 'failed' && <span className="ef-error">The upload of {progress.name} failed: {progress.reason}. Try again, or pick a picture already on the site.</span>}
      </p>
      <FieldErrors id={chrome.errorsId} errors={chrome.errors} path={path} />
    </div>
  );
}
