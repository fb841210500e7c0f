import { useEffect, useState } from 'react';
import { useInView } from 'react-intersection-observer';
import { SectionShell } from '../../ui/SectionShell';
import type { SectionProps } from '../types';
import './stats.css';

/**
 * 11350 → "11,350". Not Intl.NumberFormat: creating one loads the browser's locale data, which
 * took 30 ms of main thread in Chromium on our 2-core build machine, before any throttling.
 */
function grouped(value: number): string {
  return String(Math.round(value)).replace(/\B(?=(\d{3})+$)/g, ',');
}

/**
 * - `initial`: server HTML and first client render; the final figures, for readers without JavaScript.
 * - `waiting`: the band was out of view when the page loaded; show 0 until it scrolls in.
 * - `counting`: counting up. `done`: the final figures for good.
 */
type Phase = 'initial' | 'waiting' | 'counting' | 'done';

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** Fast at first, slowing down as it reaches the figure. */
function easeOut(t: number): number {
  return 1 - (1 - t) ** 3;
}

/** A band of figures that count up from 0 the first time it scrolls into view. */
export default function Stats({ section }: SectionProps<'stats'>) {
  const [phase, setPhase] = useState<Phase>('initial');
  const [progress, setProgress] = useState(1);

  const { ref } = useInView({
    threshold: 0.25,
    triggerOnce: true,
    // Report "in view" unless the first observation says otherwise: that first report tells
    // whether the band was already visible on load (then the figures stay as they are).
    initialInView: true,
    fallbackInView: true,
    skip: phase === 'counting' || phase === 'done',
    onChange(inView) {
      if (inView) {
        setPhase((current) => (current === 'waiting' ? 'counting' : 'done'));
      } else if (prefersReducedMotion()) {
        setPhase('done');
      } else {
        // Only the first report can say "out of view": after the band comes in, it is no longer observed.
        setPhase('waiting');
        setProgress(0);
      }
    },
  });

  useEffect(() => {
    if (phase !== 'counting') return;
    const duration = section.seconds * 1000;
    let start: number | undefined;
    let frame = 0;
    const tick = (now: number) => {
      start ??= now;
      const t = Math.min(1, (now - start) / duration);
      setProgress(easeOut(t));
      if (t < 1) frame = requestAnimationFrame(tick);
      else setPhase('done');
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [phase, section.seconds]);

  return (
    <SectionShell kind="stats" id={section.id} title={section.title}>
      <ul className="stats" ref={ref}>
        {section.items.map((item, index) => {
          const shown = progress >= 1 ? item.value : Math.round(item.value * progress);
          return (
            <li key={index} className="stats__item">
              <span className="stats__figure">
                {/* Screen readers get the final figure once, not every tick. One string each, so the
                    HTML reads "11,350+" rather than "11,350<!-- -->+" for search engines and tools. */}
                <span aria-hidden="true">{`${grouped(shown)}${item.suffix}`}</span>
                <span className="visually-hidden">{`${grouped(item.value)}${item.suffix}`}</span>
              </span>
              <span className="stats__label">{item.label}</span>
            </li>
          );
        })}
      </ul>
    </SectionShell>
  );
}
