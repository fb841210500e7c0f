/**
 * "Add section": opens the list of every section type, each with its name, its short label and its
 * description; choosing one inserts that type's example (see SectionList). Escape or Cancel closes
 * the list and returns to the button.
 */
import { useId, useLayoutEffect, useRef, useState } from 'react';
import type { FormSchema, SectionTypeInfo } from '../../protocol/api';
import { branchOfType } from './section-names';
import { sectionTypeName } from './words';

interface AddSectionProps {
  types: readonly SectionTypeInfo[];
  itemSchema: FormSchema;
  /** Where the new section goes, in words: "after section 3 (Prose — Overview)". */
  where: string;
  onChoose: (type: string) => void;
}

export function AddSection({ types, itemSchema, where, onChoose }: AddSectionProps) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const opened = useRef(false);

  useLayoutEffect(() => {
    if (open && !opened.current) list.current?.querySelector('button')?.focus();
    opened.current = open;
  }, [open]);

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };

  return (
    <div className="ef-add-section-area">
      <button
        type="button"
        ref={button}
        className="ef-button ef-add-section"
        aria-expanded={open}
        aria-controls={`${id}-types`}
        onClick={() => setOpen(!open)}
      >
        Add section
      </button>
      <div
        className="ef-chooser"
        id={`${id}-types`}
        hidden={!open}
        role="group"
        aria-labelledby={`${id}-heading`}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.preventDefault();
            close();
          }
        }}
      >
        <p className="ef-chooser-heading" id={`${id}-heading`}>
          Choose the type of the new section. It goes {where}.
        </p>
        {open && (
          <ul className="ef-types" ref={list}>
            {types.map((info) => (
              <li key={info.type} className="ef-type">
                <button
                  type="button"
                  className="ef-type-button"
                  aria-describedby={`${id}-${info.type}`}
                  onClick={() => {
                    setOpen(false);
                    onChoose(info.type);
                  }}
                >
                  <span className="ef-type-name">{sectionTypeName(branchOfType(itemSchema, info.type), info.type)}</span>{' '}
                  <span className="ef-type-label">{info.label}</span>
                </button>
                <p className="ef-type-description" id={`${id}-${info.type}`}>
                  {info.description}
                </p>
              </li>
            ))}
          </ul>
        )}
        <button type="button" className="ef-button ef-button-quiet" onClick={close}>
          Cancel
        </button>
      </div>
    </div>
  );
}

