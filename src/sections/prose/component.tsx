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
        {/* The picture first: on a phone it floats beside the opening lines, which wrap around it (prose.css). */}
        {image && <Img image={image} slot="card" fallbackAlt={section.title} className="prose__image" />}
        <Text paragraphs={section.body} className="prose__body" />
      </div>
    </SectionShell>
  );
}
