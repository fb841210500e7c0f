/**
 * A list: its items in order, each with Move up, Move down and Remove (buttons named after the item:
 * "Move module 2 up"), and "Add …" at the end (a new item starts as the smallest value the item's
 * schema allows). The list of sections is a list of its own (SectionList).
 */
import { useLayoutEffect, useRef } from 'react';
import type { Json } from '../../protocol/api';
import { FieldDescription, FieldErrors, Required, useChrome } from './chrome';
import { useFormActions } from './context';
import { Field } from './Field';
import type { FieldProps } from './field-props';
import { firstControl, focusFirst, quoted } from './focus';
import { useItemKeys } from './item-keys';
import { childPath, isKey, moveItem } from './paths';
import { branchFor, descriptionOf, discriminatorOf, itemsOf, smallestValue, typeOf } from './schema';
import { SectionList } from './SectionList';
import { capitalise, humanise, itemNoun, summaryOf } from './words';

type Pending = { key: string; action: 'up' | 'down' | 'remove' | 'item' } | { key: null; action: 'add' };

export function ArrayField(props: FieldProps) {
  const items = itemsOf(props.schema);
  if (items && discriminatorOf(items)) return <SectionList {...props} itemSchema={items} />;
  return <ListField {...props} />;
}

function ListField(props: FieldProps) {
  const { schema, value, path, label, required, writeAs, inImage } = props;
  const description = props.description ?? descriptionOf(schema);
  const chrome = useChrome(path, description);
  const { set, remove, announce } = useFormActions();
  const list: readonly Json[] = Array.isArray(value) ? value : [];
  const keys = useItemKeys(list.length);
  const items = itemsOf(schema) ?? {};
  const key = path[path.length - 1];
  const noun = itemNoun(key);
  const nouns = typeof key === 'string' ? humanise(key).toLowerCase() : 'cells';
  // Items of one line each (text, a number, a cell) are laid out as a numbered row each.
  const scalar = !['object', 'array'].includes(typeOf(branchFor(items, undefined) ?? items) ?? 'object');
  const container = useRef<HTMLFieldSetElement>(null);
  const pending = useRef<Pending | null>(null);

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
    const order = target.action === 'up' ? ['up', 'down'] : target.action === 'down' ? ['down', 'up'] : ['remove'];
    // Only this item's own buttons, not those of a list inside it.
    focusFirst(container.current, [...order.map((action) => `${item} > .ef-item-actions > [data-ef-action=${action}]`), '.ef-button-add-item']);
  });

  const moveTo = (from: number, to: number, action: 'up' | 'down') => {
    set(path, moveItem(list, from, to));
    keys.move(from, to);
    pending.current = { key: keys.keys[from]!, action };
    announce(`${capitalise(noun)} moved to position ${to + 1} of ${list.length}.`);
  };
  const removeAt = (index: number) => {
    const next = list.filter((_, at) => at !== index);
    // An optional list emptied is left out of the page, rather than written as [].
    if (next.length === 0 && !required && isKey(path)) remove(path);
    else set(path, next);
    keys.remove(index);
    const neighbour = keys.keys[index + 1] ?? keys.keys[index - 1];
    pending.current = neighbour ? { key: neighbour, action: 'remove' } : { key: null, action: 'add' };
    announce(`${capitalise(noun)} ${index + 1} removed.`);
  };
  const add = () => {
    set(path, [...list, smallestValue(items)]);
    pending.current = { key: keys.insert(list.length), action: 'item' };
    announce(`${capitalise(noun)} ${list.length + 1} added.`);
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
        <ol className={scalar ? 'ef-items ef-items-scalar' : 'ef-items'}>
          {list.map((item, index) => {
            const name = `${noun} ${index + 1}`;
            const summary = summaryOf(item);
            return (
              <li key={keys.keys[index]} className="ef-item" data-ef-key={keys.keys[index]}>
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
                <div className="ef-item-actions">
                  {index > 0 && (
                    <button type="button" className="ef-button ef-button-small" data-ef-action="up" onClick={() => moveTo(index, index - 1, 'up')}>
                      <span className="ef-sr">Move {name}</span>{' '}
                      <span className="ef-capital">up</span>
                    </button>
                  )}
                  {index < list.length - 1 && (
                    <button type="button" className="ef-button ef-button-small" data-ef-action="down" onClick={() => moveTo(index, index + 1, 'down')}>
                      <span className="ef-sr">Move {name}</span>{' '}
                      <span className="ef-capital">down</span>
                    </button>
                  )}
                  <button type="button" className="ef-button ef-button-small ef-button-quiet" data-ef-action="remove" onClick={() => removeAt(index)}>
                    Remove{' '}
                    <span className="ef-sr">{name}</span>
                  </button>
                </div>
              </li>
            );
          })}
        </ol>
      )}
      <button type="button" className="ef-button ef-button-add-item" onClick={add}>
        Add {noun}
      </button>
    </fieldset>
  );
}
