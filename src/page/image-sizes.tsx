/**
 * The width and height of the images being shown, by site path: measured by the build, carried
 * beside the page in what it is rendered from (RenderData.images, src/app/data.ts), so the HTML has
 * width and height attributes and nothing shifts while an image loads. For a photo the build
 * processed, also what it made of it (`variants`: the widths of its AVIF and WebP files, its
 * placeholder colour), from which <Img> writes the srcset.
 */
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { ImageSize } from '../content/fields';

export type ImageSizes = Readonly<Record<string, ImageSize>>;

const ImageSizesContext = createContext<ImageSizes>({});

/** Adds `sizes` to those of the providers above (the site's images above a page's). */
export function ImageSizesProvider({ sizes, children }: { sizes: ImageSizes; children: ReactNode }) {
  const outer = useContext(ImageSizesContext);
  const merged = useMemo(() => (Object.keys(outer).length === 0 ? sizes : { ...outer, ...sizes }), [outer, sizes]);
  return <ImageSizesContext.Provider value={merged}>{children}</ImageSizesContext.Provider>;
}

/** The measured size of the image at `src` (`/images/etabs.svg`), and its variants; undefined when it was not measured. */
export function useImageSize(src: string): ImageSize | undefined {
  return useContext(ImageSizesContext)[src];
}
