import { behaviour } from '../../islands/behaviour';
import { SectionShell } from '../../ui/SectionShell';
import { grouped } from './figures';
import type { SectionProps } from '../types';
import './stats.css';

/**
 * A band of figures. The HTML holds the final figures (for readers without JavaScript, search
 * engines and screen readers); the behaviour counts them up from 0 the first time the band scrolls
 * into view, unless it was already in view on load or the visitor prefers reduced motion.
 */
export default function Stats({ section }: SectionProps<'stats'>) {
  return (
    <SectionShell kind="stats" id={section.id} title={section.title}>
      <ul className="stats" {...behaviour('stats', 'visible')} data-seconds={section.seconds}>
        {section.items.map((item, index) => (
          <li key={index} className="stats__item">
            <span className="stats__figure">
              {/* Screen readers get the final figure once, not every tick. One string each, so the
                  HTML reads "11,350+" rather than "11,350<!-- -->+" for search engines and tools. */}
              <span aria-hidden="true" data-value={item.value} data-suffix={item.suffix}>{`${grouped(item.value)}${item.suffix}`}</span>
              <span className="visually-hidden">{`${grouped(item.value)}${item.suffix}`}</span>
            </span>
            <span className="stats__label">{item.label}</span>
          </li>
        ))}
      </ul>
    </SectionShell>
  );
}
