import type { SectionOf } from '../../content/page-schema';
import { useSingleSrc } from '../../ui/Img';
import { videoType } from '../../ui/media-type';

type Props = { video: NonNullable<SectionOf<'hero'>['video']> };

/** The label of the button while the video plays; the HTML carries the other one (behaviour.ts swaps them). */
export const PAUSE_LABEL = 'Pause video';
export const PLAY_LABEL = 'Play video';

/**
 * The looping background video of a video hero, with its pause/play button. No autoplay attribute
 * on purpose: the browser would start it before any script could ask for prefers-reduced-motion.
 * The hero's behaviour (behaviour.ts) starts it when motion is welcome and runs the button, which
 * is hidden until then: without JavaScript the poster stays, and no button that does nothing shows.
 */
export function HeroVideo({ video }: Props) {
  // A poster is one file (no srcset): the largest processed one, as wide as a full screen needs.
  const poster = useSingleSrc(video.poster.src);
  return (
    <>
      <video className="hero__video" poster={poster} muted loop playsInline preload="none" aria-hidden="true">
        <source src={video.src} type={videoType(video.src)} />
      </video>
      <button type="button" className="button hero__toggle" hidden data-label-playing={PAUSE_LABEL} data-label-paused={PLAY_LABEL}>
        {PLAY_LABEL}
      </button>
    </>
  );
}
