/**
 * The hero video: plays it once the page has loaded, unless the visitor prefers reduced motion, and shows its button, whose
 * label follows the video's own play and pause events (so it is right when the browser refuses to
 * play: autoplay policy, data saver).
 */
import type { Behaviour } from '../../islands/behaviour';

const hero: Behaviour = (root) => {
  const video = root.querySelector<HTMLVideoElement>('.hero__video');
  const button = root.querySelector<HTMLButtonElement>('.hero__toggle');
  if (!video || !button) return;
  const label = () => {
    button.textContent = (video.paused ? button.dataset.labelPaused : button.dataset.labelPlaying) ?? '';
  };
  // A refused play() fires no play event: the poster stays and the button offers Play.
  const play = () => void video.play().catch(() => undefined);
  const toggle = () => (video.paused ? play() : video.pause());
  video.addEventListener('play', label);
  video.addEventListener('pause', label);
  button.addEventListener('click', toggle);
  button.hidden = false;
  // Once the page has loaded: the video's bytes then never compete with the first paint (the poster, the text).
  const autoplay = () => {
    if (!window.matchMedia('(prefers-reduced-motion: reduce)').matches) play();
  };
  if (document.readyState === 'complete') autoplay();
  else window.addEventListener('load', autoplay, { once: true });
  return () => {
    window.removeEventListener('load', autoplay);
    video.removeEventListener('play', label);
    video.removeEventListener('pause', label);
    button.removeEventListener('click', toggle);
  };
};

export default hero;
