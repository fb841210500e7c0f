import { Img } from '../../ui/Img';
import { SectionShell } from '../../ui/SectionShell';
import type { SectionProps } from '../types';
import './gallery.css';

/** A grid of photos with their descriptions: one column on phones, up to `columns` on wide screens. */
export default function Gallery({ section }: SectionProps<'gallery'>) {
  const sizes = gallerySizes(section.columns);
  return (
    <SectionShell kind="gallery" id={section.id} title={section.title} intro={section.intro}>
      <ul className={`gallery gallery--max-${section.columns}`}>
        {section.images.map((image, i) => (
          <li key={i}>
            <figure className="gallery__figure">
              <Img image={image} slot="gallery" sizes={sizes} className="gallery__image" />
              {image.caption && <figcaption className="gallery__caption">{image.caption}</figcaption>}
            </figure>
          </li>
        ))}
      </ul>
    </SectionShell>
  );
}

/**
 * How wide a photo is shown for the gallery's columns (gallery.css): one column on phones, two from
 * 30rem, three from 48rem, four from 64rem, never more than `columns`; the column is at most 68.5rem.
 */
function gallerySizes(columns: number): string {
  const steps: [string, number][] = [
    ['64rem', 4],
    ['48rem', 3],
    ['30rem', 2],
  ];
  const widest = `(min-width: 72rem) ${Math.round((68.5 / columns) * 10) / 10}rem`;
  const narrower = steps.filter(([, count]) => count <= columns).map(([width, count]) => `(min-width: ${width}) ${Math.round(100 / count)}vw`);
  return [widest, ...narrower, '100vw'].join(', ');
}
