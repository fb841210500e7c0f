/**
 * One section of the page in the list: a heading that opens and closes its form (with its number
 * of errors, shown even when closed), a drag handle that also moves it from the keyboard (grab.ts),
 * and, on the section worked on only, Move up, Move down and Remove. The section's own errors (an unknown type) are shown under the heading.
 */
import { memo, type DragEvent, type KeyboardEvent } from 'react';
import type { FormSchema, Json } from '../../protocol/api';
import { FieldErrors, useChrome } from './chrome';
import { useErrorCount } from './context';
import { Field } from './Field';
import type { Path } from './paths';
import { matchBranch } from './schema';
import type { SectionNaming } from './section-names';
import { stringify } from 'yaml';

export type DropSide = 'before' | 'after';

interface SectionPanelProps {
  itemKey: string;
  index: number;
  count: number;
  section: Json;
  path: Path;
  itemSchema: FormSchema;
  /** "ETABS V-22 (Hero)" */
  name: string;
  /** Its heading as a visitor reads it, and its kind, shown apart. */
  naming: SectionNaming;
  open: boolean;
  dragging: boolean;
  /** Where a dragged section would land, shown as a line on this side. */
  drop: DropSide | null;
  isDragging: boolean;
  hintId: string;
  onToggle: () => void;
  onFocusWithin: () => void;
  onMove: (to: number, target: 'up' | 'down') => void;
  onRemove: () => void;
  onHandleKey: (event: KeyboardEvent<HTMLButtonElement>) => void;
  onHandleBlur: () => void;
  /** The section worked on: its Move and Remove buttons are shown (one set for the whole list). */
  selected: boolean;
  /** Picked up from the keyboard, being moved with the arrow keys. */
  grabbed: boolean;
  onHandleClick: () => void;
  onDragStart: () => void;
  onDragOver: (side: DropSide) => void;
  onDrop: () => void;
}

export function SectionPanel(props: SectionPanelProps) {
  const { itemKey, index, count, section, path, itemSchema, name, open, drop } = props;
  const chrome = useChrome(path, undefined);
  const errors = useErrorCount(path);
  const bodyId = `${chrome.id}--body`;
  const number = index + 1;

  const onDragStart = (event: DragEvent<HTMLButtonElement>) => {
    event.dataTransfer.effectAllowed = 'move';
    // Firefox starts a drag only with some data; the panel, not the small handle, is what is seen moving.
    event.dataTransfer.setData('text/plain', name);
    const panel = event.currentTarget.closest('li');
    if (panel) event.dataTransfer.setDragImage(panel, 24, 24);
    props.onDragStart();
  };
  const onDragOver = (event: DragEvent<HTMLLIElement>) => {
    if (!props.isDragging) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'move';
    const box = event.currentTarget.getBoundingClientRect();
    props.onDragOver(event.clientY < box.top + box.height / 2 ? 'before' : 'after');
  };

  const classes = ['ef-panel', open ? 'ef-open' : '', props.selected ? 'ef-selected' : '', props.grabbed ? 'ef-grabbed' : '', props.dragging ? 'ef-dragging' : '', drop ? `ef-drop-${drop}` : ''].filter(Boolean).join(' ');
  return (
    <li
      className={classes}
      data-ef-key={itemKey}
      onFocus={props.onFocusWithin}
      onPointerDown={props.onFocusWithin}
      onDragOver={onDragOver}
      onDrop={(event) => {
        event.preventDefault();
        props.onDrop();
      }}
    >
      <div className="ef-panel-head">
        <button
          type="button"
          className="ef-handle"
          draggable
          data-ef-action="handle"
          aria-describedby={props.hintId}
          onDragStart={onDragStart}
          aria-pressed={props.grabbed}
          onKeyDown={props.onHandleKey}
          onBlur={props.onHandleBlur}
          onClick={(event) => {
            // A click from the keyboard is handled as a key; one from a pointer says how to move.
            if (event.detail !== 0) props.onHandleClick();
          }}
        >
          <span aria-hidden="true">⠿</span>
          <span className="ef-sr">Move section {number}</span>
        </button>
        <h2 className="ef-panel-title">
          <button
            type="button"
            id={chrome.id}
            className="ef-toggle"
            data-ef-action="toggle"
            aria-expanded={open}
            aria-controls={bodyId}
            aria-describedby={chrome.errors.length > 0 ? chrome.errorsId : undefined}
            onClick={props.onToggle}
          >
            <span className="ef-chevron" aria-hidden="true" />
            <span className="ef-panel-number" aria-hidden="true">
              {number}.
            </span>{' '}
            <span className="ef-panel-name">{props.naming.title}</span>{' '}
            {props.naming.kind !== props.naming.title && (
              <span className="ef-panel-kind">
                <span className="ef-sr">(</span>
                {props.naming.kind}
                <span className="ef-sr">)</span>
              </span>
            )}
            {errors > 0 && (
              <span className="ef-count">
                <span className="ef-sr">,</span>{' '}
                {errors === 1 ? '1 error' : `${errors} errors`}
              </span>
            )}
          </button>
        </h2>
        {props.selected && (
          <div className="ef-panel-actions">
            <button type="button" className="ef-button ef-button-small" data-ef-action="up" disabled={index === 0} onClick={() => props.onMove(index - 1, 'up')}>
              <span className="ef-sr">Move section {number}</span>{' '}
              <span className="ef-capital">up</span>
            </button>
            <button type="button" className="ef-button ef-button-small" data-ef-action="down" disabled={index === count - 1} onClick={() => props.onMove(index + 1, 'down')}>
              <span className="ef-sr">Move section {number}</span>{' '}
              <span className="ef-capital">down</span>
            </button>
            <button type="button" className="ef-button ef-button-small ef-button-quiet" data-ef-action="remove" onClick={props.onRemove}>
              Remove{' '}
              <span className="ef-sr">section {number}</span>
            </button>
          </div>
        )}
      </div>
      <FieldErrors id={chrome.errorsId} errors={chrome.errors} path={path} />
      <div className="ef-panel-body" id={bodyId} hidden={!open}>
        {open && <SectionBody itemSchema={itemSchema} section={section} path={path} name={name} />}
      </div>
    </li>
  );
}

/** Why the form shows a section's data as it is rather than its fields. */
function mismatchReason(section: Json): string {
  if (typeof section !== 'object' || section === null || Array.isArray(section)) {
    return 'This section is a single value, not a set of fields, so the form cannot show its fields.';
  }
  if (typeof section.type !== 'string') return 'This section does not say what kind of section it is, so the form cannot show its fields.';
  return 'The site has no section of this kind, so the form cannot show its fields.';
}

/** The section's form: the fields of its type. Memoised: editing one section leaves the others alone. */
const SectionBody = memo(function SectionBody({ itemSchema, section, path, name }: { itemSchema: FormSchema; section: Json; path: Path; name: string }) {
  const branch = matchBranch(itemSchema, section);
  if (!branch) {
    return (
      <div className="ef-field ef-mismatch">
        <p className="ef-note">{mismatchReason(section)} What it holds is kept as it is:</p>
        <pre className="ef-raw">{stringify(section, { lineWidth: 0 }).trimEnd()}</pre>
        <p className="ef-note">Remove this section and add one from “Add section”, then copy its words over.</p>
      </div>
    );
  }
  return <Field schema={branch} value={section} path={path} label={name} required bare />;
});
