import { Img } from '../../ui/Img';
import { SectionShell, Text } from '../../ui/SectionShell';
import type { SectionProps } from '../types';
import './prose.css';

/** A heading and paragraphs, with an optional image on the chosen side. */
export default function Prose({ section }: SectionProps<'prose'>) {
  const { image } = section;
  return (
    <SectionShell kind="prose" id={section.id} title={section.title}>
      <div className={image ? 'prose prose--with-image' : 'prose'} data-image-side={image ? section.imageSide : undefined}>
        <Text paragraphs={section.body} className="prose__body" />
        {image && <Img image={image} slot="card" fallbackAlt={section.title} className="prose__image" />}
      </div>
    </SectionShell>
  );
}
