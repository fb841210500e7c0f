import { Img } from '../../ui/Img';
import { SectionShell } from '../../ui/SectionShell';
import type { SectionProps } from '../types';
import './gallery.css';

/** A grid of photos with their descriptions: one column on phones, up to `columns` on wide screens. */
export default function Gallery({ section }: SectionProps<'gallery'>) {
  return (
    <SectionShell kind="gallery" id={section.id} title={section.title} intro={section.intro}>
      <ul className={`gallery gallery--max-${section.columns}`}>
        {section.images.map((image, i) => (
          <li key={i}>
            <figure className="gallery__figure">
              <Img image={image} className="gallery__image" />
              {image.caption && <figcaption className="gallery__caption">{image.caption}</figcaption>}
            </figure>
          </li>
        ))}
      </ul>
    </SectionShell>
  );
}
