/**
 * The page's sections: one collapsible panel each, headed by its type and title ("Hero — ETABS
 * V-22") and its number of errors. A section moves with its Up and Down buttons, by dragging its
 * handle, or from the keyboard (Alt+Arrow Up / Alt+Arrow Down on the handle; focus stays on it and
 * the new position is announced). Removing one leaves an Undo; "Add section" inserts a type's
 * example after the section last worked on, or at the end.
 */
import { useContext, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { FormSchema, Json } from '../../protocol/api';
import { AddSection } from './AddSection';
import { FieldDescription, FieldErrors, Required, useChrome } from './chrome';
import { fieldId } from './contract';
import { FactsContext, RevealContext, useFormActions, useSectionTypes } from './context';
import type { FieldProps } from './field-props';
import { focusFirst, quoted } from './focus';
import { useGrab } from './grab';
import { useItemKeys } from './item-keys';
import { childPath, formatPath, moveItem } from './paths';
import { descriptionOf } from './schema';
import { SectionPanel, type DropSide } from './SectionPanel';
import { branchOfType, sectionName, sectionNaming } from './section-names';
import { sectionTypeName } from './words';

type Focus = { key: string; target: 'handle' | 'up' | 'down' | 'toggle' } | { key: null; target: 'undo' | 'add' };

interface Removed {
  section: Json;
  index: number;
  key: string;
  name: string;
}

export function SectionList(props: FieldProps & { itemSchema: FormSchema }) {
  const { schema, value, path, label, required, itemSchema } = props;
  const description = props.description ?? descriptionOf(schema);
  const chrome = useChrome(path, description);
  const { set, announce, show } = useFormActions();
  const types = useSectionTypes();
  const facts = useContext(FactsContext);
  const revealer = useContext(RevealContext);
  const list: readonly Json[] = Array.isArray(value) ? value : [];
  const keys = useItemKeys(list.length);
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set());
  const [currentKey, setCurrentKey] = useState<string | null>(null);
  const [drag, setDrag] = useState<{ from: number; over: number; side: DropSide } | null>(null);
  const [removed, setRemoved] = useState<Removed | null>(null);
  const container = useRef<HTMLFieldSetElement>(null);
  const focus = useRef<Focus | null>(null);
  const latestKeys = useRef(keys.keys);
  const listId = fieldId(formatPath(path));
  const hintId = `${listId}--move-hint`;

  useLayoutEffect(() => {
    latestKeys.current = keys.keys;
    const target = focus.current;
    if (!target) return;
    focus.current = null;
    if (target.key === null) {
      focusFirst(container.current, [target.target === 'undo' ? '.ef-undo button' : '.ef-add-section']);
      return;
    }
    const panel = `[data-ef-key=${quoted(target.key)}]`;
    const order = target.target === 'up' ? ['up', 'down', 'handle'] : target.target === 'down' ? ['down', 'up', 'handle'] : [target.target];
    focusFirst(container.current, order.map((action) => `${panel} > .ef-panel-head [data-ef-action=${action}]:not(:disabled)`));
  });

  // A field inside a closed panel is asked for (an error link): open that panel.
  useEffect(
    () =>
      revealer.listen((id) => {
        const index = latestKeys.current.findIndex((_, at) => {
          const panelId = fieldId(formatPath(childPath(path, at)));
          return id === panelId || id.startsWith(`${panelId}-`);
        });
        const key = latestKeys.current[index];
        if (key) setOpen((previous) => (previous.has(key) ? previous : new Set(previous).add(key)));
      }),
    [revealer, path],
  );

  const currentIndex = currentKey ? keys.keys.indexOf(currentKey) : -1;

  const move = (from: number, to: number, target: 'handle' | 'up' | 'down') => {
    if (to < 0 || to >= list.length || to === from) return;
    set(path, moveItem(list, from, to));
    keys.move(from, to);
    focus.current = { key: keys.keys[from]!, target };
    if (target !== 'handle') announce(`Section moved to position ${to + 1} of ${list.length}.`);
    show(childPath(path, to));
  };
  const grab = useGrab({ keys: keys.keys, move: (from, to) => move(from, to, 'handle'), announce, noun: 'section' });

  const remove = (index: number) => {
    const key = keys.keys[index]!;
    const name = sectionName(itemSchema, list[index]!, facts);
    set(
      path,
      list.filter((_, at) => at !== index),
    );
    keys.remove(index);
    setRemoved({ section: list[index]!, index, key, name });
    focus.current = { key: null, target: 'undo' };
    announce(`Section ${index + 1} (${name}) removed. Press Undo to put it back.`);
  };

  const undo = () => {
    if (!removed) return;
    const index = Math.min(removed.index, list.length);
    set(path, [...list.slice(0, index), removed.section, ...list.slice(index)]);
    keys.insert(index, removed.key);
    setRemoved(null);
    focus.current = { key: removed.key, target: 'toggle' };
    show(childPath(path, index));
    announce(`Section “${removed.name}” put back at position ${index + 1}.`);
  };

  const add = (type: string) => {
    const info = types.find((entry) => entry.type === type);
    if (!info) return;
    const section: Json = { type, ...structuredClone(info.example) };
    const index = currentIndex >= 0 ? currentIndex + 1 : list.length;
    set(path, [...list.slice(0, index), section, ...list.slice(index)]);
    const key = keys.insert(index);
    setOpen((previous) => new Set(previous).add(key));
    setCurrentKey(key);
    focus.current = { key, target: 'toggle' };
    show(childPath(path, index));
    announce(`${sectionTypeName(branchOfType(itemSchema, type), type)} section added at position ${index + 1} of ${list.length + 1}.`);
  };

  const toggle = (key: string) =>
    setOpen((previous) => {
      const next = new Set(previous);
      if (!next.delete(key)) next.add(key);
      return next;
    });


  const drop = () => {
    if (!drag) return;
    let to = drag.side === 'before' ? drag.over : drag.over + 1;
    if (drag.from < to) to -= 1;
    setDrag(null);
    move(drag.from, to, 'handle');
    announce(`Section moved to position ${to + 1} of ${list.length}.`);
  };

  const where =
    currentIndex >= 0 ? `after section ${currentIndex + 1} (${sectionName(itemSchema, list[currentIndex]!, facts)})` : 'at the end of the page';

  return (
    <fieldset className="ef-group ef-sections" id={chrome.id} tabIndex={-1} aria-describedby={chrome.describedBy} ref={container}>
      <legend className="ef-legend">
        {label}
        <Required required={required} path={path} />
      </legend>
      <FieldDescription id={chrome.descriptionId} text={description} />
      <p className="ef-note" id={hintId}>
        To move a section, drag its handle (⠿); or focus the handle, press Space, move it with the arrow keys and press Space again; or open it and use Move up and Move down.
      </p>
      <FieldErrors id={chrome.errorsId} errors={chrome.errors} path={path} />
      {removed && (
        <div className="ef-undo">
          <span>Removed the section “{removed.name}”.</span>{' '}
          <button type="button" className="ef-button" onClick={undo}>
            Undo{' '}
            <span className="ef-sr">removing {removed.name}</span>
          </button>
        </div>
      )}
      <ol className="ef-panels" onDragEnd={() => setDrag(null)}>
        {list.map((section, index) => {
          const key = keys.keys[index]!;
          const landing = drag && drag.over === index && !(drag.from === index || (drag.side === 'after' && drag.from === index + 1) || (drag.side === 'before' && drag.from === index - 1));
          return (
            <SectionPanel
              key={key}
              itemKey={key}
              index={index}
              count={list.length}
              section={section}
              path={childPath(path, index)}
              itemSchema={itemSchema}
              name={sectionName(itemSchema, section, facts)}
              naming={sectionNaming(itemSchema, section, facts)}
              open={open.has(key)}
              dragging={drag?.from === index}
              drop={landing ? drag.side : null}
              hintId={hintId}
              onToggle={() => toggle(key)}
              onFocusWithin={() => setCurrentKey(key)}
              onMove={(to, target) => move(index, to, target)}
              onRemove={() => remove(index)}
              selected={currentKey === key}
              grabbed={grab.grabbed === key}
              onHandleKey={grab.onKeyDown(key)}
              onHandleBlur={grab.onBlur(key)}
              onHandleClick={() => announce('To move this section, drag it; or press Space, move it with the arrow keys and press Space again.')}
              onDragStart={() => setDrag({ from: index, over: index, side: 'before' })}
              onDragOver={(side) => {
                if (drag && (drag.over !== index || drag.side !== side)) setDrag({ ...drag, over: index, side });
              }}
              onDrop={drop}
              isDragging={drag !== null}
            />
          );
        })}
      </ol>
      <AddSection types={types} itemSchema={itemSchema} where={where} onChoose={add} />
    </fieldset>
  );
}
