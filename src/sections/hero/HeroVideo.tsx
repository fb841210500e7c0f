import { useEffect, useRef, useState } from 'react';
import type { SectionOf } from '../../content/page-schema';
import { useSingleSrc } from '../../ui/Img';
import { videoType } from '../../ui/media-type';

type Props = { video: NonNullable<SectionOf<'hero'>['video']> };

/**
 * The looping background video of a video hero, with its pause/play button.
 * It has no autoplay attribute on purpose: the browser would start it before any script could
 * ask for prefers-reduced-motion. Playback starts after hydration, only when motion is welcome.
 */
export function HeroVideo({ video }: Props) {
  const ref = useRef<HTMLVideoElement>(null);
  // Follows the element's own play/pause events, so the button is right even when the browser refuses to play.
  const [playing, setPlaying] = useState(false);
  // A poster is one file (no srcset): the largest processed one, as wide as a full screen needs.
  const poster = useSingleSrc(video.poster.src);

  useEffect(() => {
    const element = ref.current;
    if (element && !window.matchMedia('(prefers-reduced-motion: reduce)').matches) play(element);
  }, []);

  function toggle() {
    const element = ref.current;
    if (!element) return;
    if (playing) element.pause();
    else play(element);
  }

  return (
    <>
      <video
        ref={ref}
        className="hero__video"
        poster={poster}
        muted
        loop
        playsInline
        preload="none"
        aria-hidden="true"
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
      >
        <source src={video.src} type={videoType(video.src)} />
      </video>
      <button type="button" className="button hero__toggle" onClick={toggle}>
        {playing ? 'Pause video' : 'Play video'}
      </button>
    </>
  );
}

function play(element: HTMLVideoElement) {
  // A refused play() (autoplay policy, data saver) fires no play event: the poster stays and the button offers Play.
  element.play().catch(() => undefined);
}
