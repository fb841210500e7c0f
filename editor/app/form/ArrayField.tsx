/**
 * A list: its entries numbered 1, 2, 3, each with a grab handle (drag it, or move it from the
 * keyboard: see grab.ts), and one set of buttons for the whole list: Move up, Move down and Remove
 * act on the selected entry (the one last focused or touched) and sit under it. Under the entry
 * rather than in a menu or a bar at the list's foot, because on a phone that is where the thumb
 * already is: one tap, buttons of a finger's size, no small pop-up to aim at, nothing off screen
 * in a long list. "Add …" at the end (a new entry starts as the smallest value its schema allows);
 * an entry with dates (a batch) also has "Copy this …", which adds a copy of it a month later.
 * The list of sections is a list of its own (SectionList).
 */
import { useLayoutEffect, useRef, useState, type DragEvent } from 'react';
import { addMonths, isIsoDate } from '../../../src/content/calendar';
import { isRecord } from '../../../src/lib/is-record';
import type { FormSchema, Json } from '../../protocol/api';
import { FieldDescription, FieldErrors, Required, useChrome } from './chrome';
import { useFormActions } from './context';
import { Field } from './Field';
import type { FieldProps } from './field-props';
import { firstControl, focusFirst, quoted } from './focus';
import { GRAB_HINT, useGrab } from './grab';
import { useItemKeys } from './item-keys';
import { childPath, isKey, moveItem } from './paths';
import { branchFor, descriptionOf, discriminatorOf, itemsOf, kindOf, propertiesOf, smallestValue, typeOf } from './schema';
import { SectionList } from './SectionList';
import { capitalise, humanise, inSentence, itemNoun, summaryOf } from './words';

/** The keys of an entry's date fields (kind `date`), for entries that are groups of fields. */
function datedKeys(items: FormSchema): string[] {
  const entry = branchFor(items, undefined) ?? items;
  return typeOf(entry) === 'object' ? Object.entries(propertiesOf(entry)).flatMap(([key, field]) => (kindOf(branchFor(field, undefined) ?? field) === 'date' ? [key] : [])) : [];
}

/** A copy of an entry with each of its dates a month on (a date written wrong is copied as it is). */
function copyLater(entry: Json, dated: readonly string[]): Json {
  const copy = structuredClone(entry);
  if (!isRecord(copy)) return copy;
  for (const key of dated) {
    const date = copy[key];
    if (typeof date === 'string' && isIsoDate(date.trim())) copy[key] = addMonths(date.trim(), 1);
  }
  return copy;
}

type Pending = { key: string; action: 'up' | 'down' | 'remove' | 'item' | 'handle' } | { key: null; action: 'add' };

export function ArrayField(props: FieldProps) {
  const items = itemsOf(props.schema);
  if (items && discriminatorOf(items)) return <SectionList {...props} itemSchema={items} />;
  return <ListField {...props} />;
}

function ListField(props: FieldProps) {
  const { schema, value, path, label, required, writeAs, inImage } = props;
  const description = props.description ?? descriptionOf(schema);
  const chrome = useChrome(path, description);
  const { set, remove, announce, show } = useFormActions();
  const list: readonly Json[] = Array.isArray(value) ? value : [];
  const keys = useItemKeys(list.length);
  const items = itemsOf(schema) ?? {};
  const key = path[path.length - 1];
  const noun = itemNoun(key);
  const nouns = typeof key === 'string' ? inSentence(humanise(key)) : 'cells';
  // Items of one line each (text, a number, a cell) are laid out as a numbered row each.
  const scalar = !['object', 'array'].includes(typeOf(branchFor(items, undefined) ?? items) ?? 'object');
  const container = useRef<HTMLFieldSetElement>(null);
  const pending = useRef<Pending | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const [drag, setDrag] = useState<{ from: number; over: number } | null>(null);
  const hintId = `${chrome.id}--move-hint`;

  useLayoutEffect(() => {
    const target = pending.current;
    if (!target) return;
    pending.current = null;
    if (target.action === 'add') return focusFirst(container.current, ['.ef-button-add-item']);
    const item = `[data-ef-key=${quoted(target.key)}]`;
    if (target.action === 'item') {
      const element = container.current?.querySelector<HTMLElement>(`${item} > .ef-item-body > *`);
      if (element) firstControl(element).focus();
      return;
    }
    const order = target.action === 'up' ? ['up', 'down', 'handle'] : target.action === 'down' ? ['down', 'up', 'handle'] : [target.action];
    // Only this item's own buttons, not those of a list inside it.
    focusFirst(container.current, [...order.map((action) => `${item} > .ef-item-actions > [data-ef-action=${action}]:not(:disabled), ${item} > .ef-item-head > [data-ef-action=${action}]`), '.ef-button-add-item']);
  });

  const moveTo = (from: number, to: number, action: 'up' | 'down' | 'handle') => {
    if (to < 0 || to >= list.length || to === from) return;
    set(path, moveItem(list, from, to));
    keys.move(from, to);
    pending.current = { key: keys.keys[from]!, action };
    show(path);
  };
  const grab = useGrab({ keys: keys.keys, move: (from, to) => moveTo(from, to, 'handle'), announce, noun });
  const removeAt = (index: number) => {
    const next = list.filter((_, at) => at !== index);
    // An optional list emptied is left out of the page, rather than written as [].
    if (next.length === 0 && !required && isKey(path)) remove(path);
    else set(path, next);
    keys.remove(index);
    const neighbour = keys.keys[index + 1] ?? keys.keys[index - 1];
    setSelected(neighbour ?? null);
    pending.current = neighbour ? { key: neighbour, action: 'remove' } : { key: null, action: 'add' };
    announce(`${capitalise(noun)} ${index + 1} removed.`);
    show(path);
  };
  const add = () => {
    set(path, [...list, smallestValue(items)]);
    const added = keys.insert(list.length);
    setSelected(added);
    pending.current = { key: added, action: 'item' };
    announce(`${capitalise(noun)} ${list.length + 1} added.`);
    show(path);
  };
  // An entry with dates (a batch) is most often followed by one like it, later: copied in one press,
  // its dates a month on, at the end of the list.
  const dated = datedKeys(items);
  const copyAt = (index: number) => {
    set(path, [...list, copyLater(list[index]!, dated)]);
    const added = keys.insert(list.length);
    setSelected(added);
    pending.current = { key: added, action: 'item' };
    announce(`${capitalise(noun)} ${list.length + 1} added: a copy of ${noun} ${index + 1}${dated.length > 0 ? ', a month later' : ''}.`);
    show(path);
  };
  const drop = () => {
    if (!drag) return;
    setDrag(null);
    moveTo(drag.from, drag.over, 'handle');
    announce(`${capitalise(noun)} moved to position ${drag.over + 1} of ${list.length}.`);
  };

  return (
    <fieldset className="ef-group ef-list" id={chrome.id} tabIndex={-1} aria-describedby={chrome.describedBy} ref={container}>
      <legend className="ef-legend">
        {label}
        <Required required={required} path={path} />
      </legend>
      {writeAs}
      <FieldDescription id={chrome.descriptionId} text={description} />
      <FieldErrors id={chrome.errorsId} errors={chrome.errors} path={path} />
      {list.length === 0 ? (
        <p className="ef-note">No {nouns} yet.</p>
      ) : (
        <>
          <p className="ef-sr" id={hintId}>
            {GRAB_HINT}
          </p>
          <ol className={scalar ? 'ef-items ef-items-scalar' : 'ef-items'} onDragEnd={() => setDrag(null)}>
            {list.map((item, index) => {
              const itemKey = keys.keys[index]!;
              const name = `${noun} ${index + 1}`;
              const summary = summaryOf(item);
              const isSelected = selected === itemKey;
              const classes = ['ef-item', isSelected ? 'ef-selected' : '', grab.grabbed === itemKey ? 'ef-grabbed' : '', drag?.from === index ? 'ef-dragging' : '', drag && drag.over === index && drag.from !== index ? (drag.from < index ? 'ef-drop-after' : 'ef-drop-before') : '']
                .filter(Boolean)
                .join(' ');
              return (
                <li
                  key={itemKey}
                  className={classes}
                  data-ef-key={itemKey}
                  onFocus={() => {
                    if (selected !== itemKey) setSelected(itemKey);
                  }}
                  onPointerDown={() => {
                    if (selected !== itemKey) setSelected(itemKey);
                  }}
                  onDragOver={(event: DragEvent<HTMLLIElement>) => {
                    if (!drag) return;
                    event.preventDefault();
                    event.dataTransfer.dropEffect = 'move';
                    if (drag.over !== index) setDrag({ ...drag, over: index });
                  }}
                  onDrop={(event) => {
                    event.preventDefault();
                    drop();
                  }}
                >
                  <div className="ef-item-head">
                    <button
                      type="button"
                      className="ef-handle"
                      draggable
                      data-ef-action="handle"
                      aria-describedby={hintId}
                      aria-pressed={grab.grabbed === itemKey}
                      onKeyDown={grab.onKeyDown(itemKey)}
                      onBlur={grab.onBlur(itemKey)}
                      onClick={(event) => {
                        // A click from the keyboard is handled as a key; one from a pointer says how to move.
                        if (event.detail !== 0) announce(GRAB_HINT);
                      }}
                      onDragStart={(event) => {
                        event.dataTransfer.effectAllowed = 'move';
                        event.dataTransfer.setData('text/plain', name);
                        const entry = event.currentTarget.closest('li');
                        if (entry) event.dataTransfer.setDragImage(entry, 16, 16);
                        setDrag({ from: index, over: index });
                      }}
                    >
                      <span aria-hidden="true">⠿</span>
                      <span className="ef-sr">Move {name}</span>
                    </button>
                    <span className="ef-item-number" aria-hidden="true">
                      {index + 1}.
                    </span>
                  </div>
                  <div className="ef-item-body">
                    <Field
                      schema={items}
                      value={item}
                      path={childPath(path, index)}
                      label={capitalise(summary ? `${name}: ${summary}` : name)}
                      // The list says what its items are, once: not again in every item.
                      description=""
                      required
                      inImage={inImage}
                    />
                  </div>
                  {isSelected && (
                    <div className="ef-item-actions" role="group" aria-label={`Selected ${noun}: ${index + 1} of ${list.length}`}>
                      <button type="button" className="ef-button ef-button-small" data-ef-action="up" disabled={index === 0} onClick={() => {
                        moveTo(index, index - 1, 'up');
                        announce(`${capitalise(noun)} moved to position ${index} of ${list.length}.`);
                      }}>
                        <span className="ef-sr">Move {name}</span>{' '}
                        <span className="ef-capital">up</span>
                      </button>
                      <button type="button" className="ef-button ef-button-small" data-ef-action="down" disabled={index === list.length - 1} onClick={() => {
                        moveTo(index, index + 1, 'down');
                        announce(`${capitalise(noun)} moved to position ${index + 2} of ${list.length}.`);
                      }}>
                        <span className="ef-sr">Move {name}</span>{' '}
                        <span className="ef-capital">down</span>
                      </button>
                      {dated.length > 0 && (
                        <button type="button" className="ef-button ef-button-small" data-ef-action="copy" onClick={() => copyAt(index)}>
                          Copy this {noun}
                          <span className="ef-sr"> ({index + 1}) to a new one a month later</span>
                        </button>
                      )}
                      <button type="button" className="ef-button ef-button-small ef-button-quiet" data-ef-action="remove" onClick={() => removeAt(index)}>
                        Remove{' '}
                        <span className="ef-sr">{name}</span>
                      </button>
                    </div>
                  )}
                </li>
              );
            })}
          </ol>
        </>
      )}
      <button type="button" className="ef-button ef-button-add-item" onClick={add}>
        Add {noun}
      </button>
    </fieldset>
  );
}
