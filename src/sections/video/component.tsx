import { useImageSize } from '../../page/image-sizes';
import { useSingleSrc } from '../../ui/Img';
import { SectionShell, Text } from '../../ui/SectionShell';
import { videoType } from '../../ui/media-type';
import type { SectionProps } from '../types';
import './video.css';

/** A video with controls; nothing but the poster loads until the visitor presses play. */
export default function Video({ section }: SectionProps<'video'>) {
  const { poster } = section;
  const size = useImageSize(poster.src);
  // One file (a poster has no srcset): the largest processed one; width and height are its own.
  const posterSrc = useSingleSrc(poster.src);
  return (
    <SectionShell kind="video" id={section.id} title={section.title}>
      {section.text && <Text paragraphs={section.text} className="video__text" />}
      <video
        className="video__player"
        controls
        preload="none"
        poster={posterSrc}
        width={size?.width}
        height={size?.height}
        aria-label={section.title}
      >
        <source src={section.src} type={videoType(section.src)} />
        <p>
          Your browser cannot play this video. <a href={section.src}>Download the video</a>.
        </p>
      </video>
    </SectionShell>
  );
}
