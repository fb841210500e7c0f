import { SectionShell } from '../../ui/SectionShell';
import type { SectionProps } from '../types';
import './facts.css';

/** Key facts of a course as label and value pairs: Duration, Eligibility, Mode. */
export default function Facts({ section }: SectionProps<'facts'>) {
  return (
    <SectionShell kind="facts" id={section.id} title={section.title} intro={section.intro}>
      <dl className="facts">
        {section.items.map((item, i) => (
          <div key={i} className="card facts__item">
            <dt className="facts__label">{item.label}</dt>
            <dd className="facts__value">{item.value}</dd>
          </div>
        ))}
      </dl>
    </SectionShell>
  );
}
