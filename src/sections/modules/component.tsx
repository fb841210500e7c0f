import { SectionShell } from '../../ui/SectionShell';
import type { SectionProps } from '../types';
import './modules.css';

/** A course syllabus: numbered module cards, each with its title and topics. */
export default function Modules({ section }: SectionProps<'modules'>) {
  return (
    <SectionShell kind="modules" id={section.id} title={section.title} intro={section.intro}>
      <ol className="modules grid">
        {section.modules.map((module, i) => (
          <li key={i} className="card module">
            {/* The ordered list already tells screen readers the position; the badge is for the eye. */}
            <span className="module__number" aria-hidden="true">
              {String(i + 1).padStart(2, '0')}
            </span>
            <h3 className="module__title">{module.title}</h3>
            <ul className="module__topics">
              {module.items.map((topic, j) => (
                <li key={j}>{topic}</li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
    </SectionShell>
  );
}
