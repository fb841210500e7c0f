import { SectionShell, Text } from '../../ui/SectionShell';
import type { SectionProps } from '../types';
import './faq.css';

/**
 * Questions and answers on native disclosure: each question is the summary of a <details>, and the
 * details of one FAQ share a `name`, so opening one answer closes the other (an exclusive accordion,
 * with no script). Works without JavaScript, and the browser's find-in-page opens the answer that
 * holds what was searched for. Each question is still an h3 in the page's outline.
 */
export default function Faq({ section, index }: SectionProps<'faq'>) {
  const group = `faq-${index}`;
  return (
    <SectionShell kind="faq" id={section.id} title={section.title}>
      <div className="faq">
        {section.items.map((item, itemIndex) => (
          <details key={itemIndex} name={group} className="faq__item">
            <summary className="faq__toggle">
              <h3 className="faq__question">{item.question}</h3>
              <span className="faq__marker" aria-hidden="true" />
            </summary>
            <div className="faq__answer">
              <Text paragraphs={item.answer} />
              {item.points && item.points.length > 0 && (
                <ul className="faq__points">
                  {item.points.map((point, pointIndex) => (
                    <li key={pointIndex}>{point}</li>
                  ))}
                </ul>
              )}
            </div>
          </details>
        ))}
      </div>
    </SectionShell>
  );
}
