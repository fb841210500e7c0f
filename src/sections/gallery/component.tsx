import type { SectionOf } from '../../content/page-schema';
import { Img } from '../../ui/Img';
import { SectionShell } from '../../ui/SectionShell';
import { ShowAll, splitLong } from '../../ui/ShowAll';
import type { SectionProps } from '../types';
import './gallery.css';

type Photo = SectionOf<'gallery'>['images'][number];

/**
 * A gallery of more photos than this shows the first SHOWN on a phone and the rest behind "Show all"
 * (wide screens show every photo): twelve fill whole rows of two, three and four, so the rest continues
 * the grid with no gap.
 */
const LONG = 16;
const SHOWN = 12;

/**
 * A grid of photos with their descriptions: two to a row on phones (one when `columns` is 1), up to
 * `columns` on wide screens. A long gallery shows its first rows and the rest behind one press.
 */
export default function Gallery({ section }: SectionProps<'gallery'>) {
  const sizes = gallerySizes(section.columns);
  const { first, rest } = splitLong(section.images, LONG, SHOWN);
  const list = (images: Photo[]) => (
    <ul className={`gallery gallery--max-${section.columns}`}>
      {images.map((image, i) => (
        <li key={i}>
          <figure className="gallery__figure">
            <Img image={image} slot="gallery" sizes={sizes} className="gallery__image" />
            {image.caption && <figcaption className="gallery__caption">{image.caption}</figcaption>}
          </figure>
        </li>
      ))}
    </ul>
  );
  return (
    <SectionShell kind="gallery" id={section.id} title={section.title} intro={section.intro}>
      {list(first)}
      {rest.length > 0 && (
        <ShowAll total={section.images.length} noun="photos">
          {list(rest)}
        </ShowAll>
      )}
    </SectionShell>
  );
}

/**
 * How wide a photo is shown for the gallery's columns (gallery.css): two columns on phones (one when
 * `columns` is 1), three from 48rem, four from 64rem, never more than `columns`; the column is at
 * most 68.5rem.
 */
function gallerySizes(columns: number): string {
  const steps: [string, number][] = [
    ['64rem', 4],
    ['48rem', 3],
  ];
  const widest = `(min-width: 72rem) ${Math.round((68.5 / columns) * 10) / 10}rem`;
  const narrower = steps.filter(([, count]) => count <= columns).map(([width, count]) => `(min-width: ${width}) ${Math.round(100 / count)}vw`);
  return [widest, ...narrower, columns === 1 ? '100vw' : '50vw'].join(', ');
}
