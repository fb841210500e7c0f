import { Img } from '../../ui/Img';
import { SectionShell, Text } from '../../ui/SectionShell';
import type { SectionProps } from '../types';
import './testimonials.css';

/** Quotes from students, each with the student's name and course. */
export default function Testimonials({ section }: SectionProps<'testimonials'>) {
  return (
    <SectionShell kind="testimonials" id={section.id} title={section.title}>
      <ul className="grid testimonials">
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
