import { useId, useState } from 'react';
import { SectionShell, Text } from '../../ui/SectionShell';
import type { SectionProps } from '../types';
import './faq.css';

/**
 * WAI-ARIA accordion: each question is a button inside an h3 that shows or hides its answer.
 * One answer is open at a time. Closed answers keep their text in the HTML (the `hidden`
 * attribute), so search engines and readers without JavaScript still get it.
 */
export default function Faq({ section }: SectionProps<'faq'>) {
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  const baseId = useId();

  return (
    <SectionShell kind="faq" id={section.id} title={section.title}>
      <div className="faq">
        {section.items.map((item, index) => {
          const open = openIndex === index;
          const buttonId = `${baseId}-q${index}`;
          const panelId = `${baseId}-a${index}`;
          return (
            <div key={index} className={open ? 'faq__item faq__item--open' : 'faq__item'}>
              <h3 className="faq__question">
                <button
                  type="button"
                  id={buttonId}
                  className="faq__toggle"
                  aria-expanded={open}
                  aria-controls={panelId}
                  onClick={() => setOpenIndex(open ? null : index)}
                >
                  <span>{item.question}</span>
                  <span className="faq__marker" aria-hidden="true">
                    {open ? '−' : '+'}
                  </span>
                </button>
              </h3>
              <div id={panelId} role="region" aria-labelledby={buttonId} className="faq__answer" hidden={!open}>
                <Text paragraphs={item.answer} />
                {item.points && item.points.length > 0 && (
                  <ul className="faq__points">
                    {item.points.map((point, pointIndex) => (
                      <li key={pointIndex}>{point}</li>
                    ))}
                  </ul>
                )}
              </div>
            </div>
          );
        })}
      </div>
    </SectionShell>
  );
}
