import { Img } from '../../ui/Img';
import { SectionShell, Text } from '../../ui/SectionShell';
import type { SectionProps } from '../types';
import './testimonials.css';

/** Quotes from students, each with the student's name and course: a row to swipe through on a phone, a grid on wider screens. */
export default function Testimonials({ section }: SectionProps<'testimonials'>) {
  return (
    <SectionShell kind="testimonials" id={section.id} title={section.title}>
      {/* On a phone the quotes are a row to swipe through (testimonials.css): focusable, so a keyboard can scroll it. */}
      <ul className="grid testimonials" tabIndex={0} aria-label={section.title ?? 'What our students say'}>
        {section.items.map((item, i) => (
          <li key={i}>
            <figure className="card testimonial">
              <blockquote className="testimonial__quote">
                <Text paragraphs={item.quote} />
              </blockquote>
              <figcaption className="testimonial__by">
                {item.photo && <Img image={item.photo} slot="avatar" fallbackAlt={item.name} className="testimonial__photo" />}
                <span>
                  <span className="testimonial__name">{item.name}</span>
                  {item.course && <span className="testimonial__course">{item.course}</span>}
                </span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </SectionShell>
  );
}
