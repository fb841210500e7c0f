import { useEffect, useId, useRef, useState } from 'react';
import { Img } from '../../ui/Img';
import { SectionShell, Text } from '../../ui/SectionShell';
import { SmartLink } from '../../ui/SmartLink';
import type { SectionProps } from '../types';
import './role-cards.css';

/**
 * Cards for jobs or programmes. The card button opens a modal dialog (native <dialog> with
 * showModal: focus moves in, Escape closes, the page behind is inert) with the details and
 * an Apply link to the external form. Closing returns focus to the button that opened it.
 */
export default function RoleCards({ section }: SectionProps<'role-cards'>) {
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const openerRef = useRef<HTMLButtonElement | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  const selected = section.cards.find((card) => card.id === selectedId);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (selected && !dialog.open) {
      dialog.showModal();
      // Start at the top, on the name of the role, rather than on the first button at the bottom.
      headingRef.current?.focus();
    }
    if (!selected && dialog.open) dialog.close();
  }, [selected]);

  /** After the dialog has closed (Close button or Escape): clear the selection, refocus the opener. */
  function handleClosed() {
    setSelectedId(null);
    openerRef.current?.focus();
  }

  function close() {
    dialogRef.current?.close();
    handleClosed();
  }

  return (
    <SectionShell kind="role-cards" id={section.id} title={section.title} intro={section.intro}>
      <ul className="grid role-cards">
        {section.cards.map((card) => (
          <li key={card.id} className="card role-card">
            {card.image && <Img image={card.image} slot="card" className="role-card__image" />}
            <div className="role-card__body">
              <h3 className="role-card__name">{card.name}</h3>
              <Text paragraphs={card.description} className="role-card__description" />
              <button
                type="button"
                className="button role-card__action"
                aria-haspopup="dialog"
                // The visible label alone ("Apply") would be the same on every card.
                aria-label={`${section.action}: ${card.name}`}
                onClick={(event) => {
                  openerRef.current = event.currentTarget;
                  setSelectedId(card.id);
                }}
              >
                {section.action}
              </button>
            </div>
          </li>
        ))}
      </ul>

      <dialog
        ref={dialogRef}
        className="role-dialog"
        aria-labelledby={selected ? headingId : undefined}
        onClose={handleClosed}
      >
        {selected && (
          <div className="role-dialog__content">
            <h2 id={headingId} ref={headingRef} tabIndex={-1} className="role-dialog__title">
              {selected.name}
            </h2>
            <Text paragraphs={selected.description} />
            {selected.responsibilities.length > 0 && (
              <>
                <h3>Responsibilities</h3>
                <ul>
                  {selected.responsibilities.map((item, index) => (
                    <li key={index}>{item}</li>
                  ))}
                </ul>
              </>
            )}
            {selected.skills.length > 0 && (
              <>
                <h3>Skills required</h3>
                <ul>
                  {selected.skills.map((item, index) => (
                    <li key={index}>{item}</li>
                  ))}
                </ul>
              </>
            )}
            <div className="actions">
              <button type="button" className="button button--ghost" onClick={close}>
                Close
              </button>
              <SmartLink href="form" className="button">
                Apply
              </SmartLink>
            </div>
          </div>
        )}
      </dialog>
    </SectionShell>
  );
}
