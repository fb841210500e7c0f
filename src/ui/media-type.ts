/** The MIME type of a video file in public/, for `<source type>`, so browsers skip formats they cannot play. */
export function videoType(src: string): string | undefined {
  if (/\.webm$/i.test(src)) return 'video/webm';
  if (/\.mp4$/i.test(src)) return 'video/mp4';
  return undefined;
}
