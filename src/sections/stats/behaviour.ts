/**
 * The counters: the figures count up from 0 the first time the band scrolls into view. A band in
 * view when the page loads keeps its final figures (nothing moves under the visitor's eyes), and so
 * does every band for a visitor who prefers reduced motion.
 */
import type { Behaviour } from '../../islands/behaviour';
import { grouped } from './figures';


/** Fast at first, slowing down as it reaches the figure. */
const easeOut = (t: number) => 1 - (1 - t) ** 3;

const stats: Behaviour = (root) => {
  if (typeof IntersectionObserver !== 'function' || window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
  const figures = [...root.querySelectorAll<HTMLElement>('[data-value]')].map((element) => ({
    element,
    value: Number(element.dataset.value),
    suffix: element.dataset.suffix ?? '',
  }));
  const show = (progress: number) => {
    for (const { element, value, suffix } of figures) element.textContent = `${grouped(progress >= 1 ? value : value * progress)}${suffix}`;
  };
  const duration = Number(root.dataset.seconds ?? 2) * 1000;
  let frame = 0;
  let first = true;
  const observer = new IntersectionObserver(
    (entries) => {
      const inView = entries.some((entry) => entry.isIntersecting);
      if (first) {
        first = false;
        // In view on load: the final figures stay. Out of view: 0 until it comes in.
        if (inView) return observer.disconnect();
        return show(0);
      }
      if (!inView) return;
      observer.disconnect();
      let start: number | undefined;
      const tick = (now: number) => {
        start ??= now;
        const t = Math.min(1, (now - start) / duration);
        show(easeOut(t));
        if (t < 1) frame = requestAnimationFrame(tick);
      };
      frame = requestAnimationFrame(tick);
    },
    { threshold: 0.25 },
  );
  observer.observe(root);
  return () => {
    observer.disconnect();
    cancelAnimationFrame(frame);
  };
};

export default stats;
