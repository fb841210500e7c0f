import { useId } from 'react';
import { behaviour } from '../../islands/behaviour';
import { EnquiryQr } from '../../ui/EnquiryQr';
import { Img } from '../../ui/Img';
import { Text } from '../../ui/SectionShell';
import { SmartLink } from '../../ui/SmartLink';
import type { SectionProps } from '../types';
import { HeroVideo } from './HeroVideo';
import './hero.css';

/** Points this short (names of software, topics) are set as chips, a few to a line; longer ones as bullets. */
const CHIP_LENGTH = 28;

/** The big block at the top of a page: plain, a banner with an image beside the text, or a band with a video behind the text. */
export default function Hero({ section, index }: SectionProps<'hero'>) {
  const headingId = useId();
  // The page's first section carries its only h1; a hero further down is an ordinary section heading.
  const Heading = index === 0 ? 'h1' : 'h2';
  const variant = section.video ? 'video' : section.image ? 'banner' : 'plain';
  const { image, qr } = section;

  return (
    <section id={section.id} className={`hero hero--${variant}`} aria-labelledby={headingId} {...(section.video && behaviour('hero'))}>
      {section.video && <HeroVideo video={section.video} />}
      <div className="container hero__inner">
        <div className="hero__body">
          {section.eyebrow && <p className="hero__eyebrow">{section.eyebrow}</p>}
          <Heading id={headingId} className="hero__title">
            {section.title}
          </Heading>
          {section.subtitle && <p className="hero__subtitle">{section.subtitle}</p>}
          {section.text && <Text paragraphs={section.text} className="hero__text" />}
          {/* The actions before the points: however long the list, the first action is on the first screen. */}
          {section.actions.length > 0 && (
            <div className="actions">
              {section.actions.map((action, i) => (
                <SmartLink key={i} href={action.href} className={i === 0 ? 'button' : 'button button--ghost'}>
                  {action.label}
                </SmartLink>
              ))}
            </div>
          )}
          {section.points && (
            <ul className={section.points.every((point) => point.length <= CHIP_LENGTH) ? 'hero__points hero__points--chips' : 'hero__points'}>
              {section.points.map((point, i) => (
                <li key={i}>{point}</li>
              ))}
            </ul>
          )}
        </div>
        {(image || qr) && (
          <div className="hero__media">
            {image && <Img image={image} slot="hero" fallbackAlt={section.title} eager={index === 0} priority={index === 0} className="hero__image" />}
            {qr && <EnquiryQr className="hero__qr" />}
          </div>
        )}
      </div>
    </section>
  );
}
