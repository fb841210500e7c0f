import { useEffect, useEffectEvent, useState } from 'react';

export interface InViewOptions {
  /** Grows (or shrinks) the viewport for the test, as CSS margins: '25% 0px' is "within a quarter screen". */
  rootMargin?: string;
  /** The share of the element (0–1) that must be on screen for it to count as seen. */
  threshold?: number;
  /** `inView` before the first report (and on the server). */
  initialInView?: boolean;
  /** Stops watching (or does not start). */
  skip?: boolean;
  /**
   * Every report of the browser's, in order: `false` while not (enough) on screen, then `true`
   * once. None without IntersectionObserver.
   */
  onChange?: (inView: boolean) => void;
}

/**
 * Whether an element has come (nearly) on screen: attach `ref` to it. Watching stops for good the
 * first time it has, which is all this site's sections need (load sign-in, count up once).
 * Browsers without IntersectionObserver count it as seen once it is mounted (after hydration, so
 * the server's HTML and the first render agree).
 *
 * Our own few lines instead of react-intersection-observer's useInView: that package's code was
 * 1.1 KB gzip of the home page's first-load JavaScript for these two uses. Same reports; one
 * difference: an element first reported partly on screen, but under `threshold`, is still
 * watched until it is on screen enough (the package stopped watching it there).
 */
export function useInView({ rootMargin, threshold = 0, initialInView = false, skip = false, onChange }: InViewOptions = {}): {
  ref: (element: Element | null) => void;
  inView: boolean;
} {
  const [element, setElement] = useState<Element | null>(null);
  const [inView, setInView] = useState(initialInView);
  const report = useEffectEvent((seen: boolean) => {
    setInView(seen);
    onChange?.(seen);
  });

  // Without IntersectionObserver nothing reports: the element counts as seen once it is mounted.
  const unobservable = typeof IntersectionObserver === 'undefined';

  useEffect(() => {
    if (skip || !element || unobservable) return;
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          const seen = entry.isIntersecting && entry.intersectionRatio >= threshold;
          report(seen);
          if (seen) {
            observer.disconnect();
            return;
          }
        }
      },
      { rootMargin, threshold },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, skip, unobservable, rootMargin, threshold]);

  return { ref: setElement, inView: inView || (unobservable && element !== null) };
}
