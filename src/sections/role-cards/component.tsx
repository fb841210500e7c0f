import { useId } from 'react';
import { behaviour } from '../../islands/behaviour';
import { Img } from '../../ui/Img';
import { SectionShell, Text } from '../../ui/SectionShell';
import { SmartLink } from '../../ui/SmartLink';
import type { SectionProps } from '../types';
import './role-cards.css';

/**
 * Cards for jobs or programmes. Each card's button opens its own modal dialog (native <dialog>: the
 * page behind is inert, Escape closes it, focus goes back to the button that opened it) with the
 * details and an Apply link to the external form. The buttons are invoker commands
 * (`command="show-modal"`), which need no script; behaviour.ts does the same for browsers that do
 * not know them yet.
 */
export default function RoleCards({ section }: SectionProps<'role-cards'>) {
  const baseId = useId();
  const dialogId = (index: number) => `${baseId}-dialog-${index}`;
  const headingId = (index: number) => `${baseId}-title-${index}`;
  return (
    <SectionShell kind="role-cards" id={section.id} title={section.title} intro={section.intro}>
      <ul className="grid role-cards" {...behaviour('role-cards')}>
        {section.cards.map((card, index) => (
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
                command="show-modal"
                commandfor={dialogId(index)}
              >
                {section.action}
              </button>
            </div>
            <dialog id={dialogId(index)} className="role-dialog" aria-labelledby={headingId(index)}>
              <div className="role-dialog__content">
                {/* Focus starts here, on the name of the role, rather than on the first button at the bottom. */}
                <h2 id={headingId(index)} tabIndex={-1} autoFocus className="role-dialog__title">
                  {card.name}
                </h2>
                <Text paragraphs={card.description} />
                {card.responsibilities.length > 0 && (
                  <>
                    <h3>Responsibilities</h3>
                    <ul>
                      {card.responsibilities.map((item, itemIndex) => (
                        <li key={itemIndex}>{item}</li>
                      ))}
                    </ul>
                  </>
                )}
                {card.skills.length > 0 && (
                  <>
                    <h3>Skills required</h3>
                    <ul>
                      {card.skills.map((item, itemIndex) => (
                        <li key={itemIndex}>{item}</li>
                      ))}
                    </ul>
                  </>
                )}
                <div className="actions">
                  <button type="button" className="button button--ghost" command="close" commandfor={dialogId(index)}>
                    Close
                  </button>
                  <SmartLink href="form" className="button">
                    Apply
                  </SmartLink>
                </div>
              </div>
            </dialog>
          </li>
        ))}
      </ul>
    </SectionShell>
  );
}
