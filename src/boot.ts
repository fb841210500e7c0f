/**
 * The one script a page's HTML loads, a few hundred bytes. The prerendered page is complete
 * without JavaScript (text, images, links), so the app is not fetched until the page has been
 * painted: on a slow phone network its ~80 KB must not compete with the stylesheet and the hero
 * image for the first paint. Then the app's main chunk and the code of this page's section types
 * (listed by the prerenderer in `data-preload`) are fetched together, and src/entry-client.tsx
 * hydrates the page.
 */

/** Runs `task` once the browser has produced a frame: after the first paint, not before. */
function afterFirstPaint(task: () => void): void {
  // requestAnimationFrame runs just before a frame is painted; the timeout, once it is.
  // Pages opened in a background tab get no frames: they start when shown, which is soon enough.
  requestAnimationFrame(() => setTimeout(task, 0));
}

afterFirstPaint(() => {
  const listed = document.querySelector<HTMLScriptElement>('script[data-preload]')?.dataset.preload ?? '';
  for (const href of listed.split(' ').filter(Boolean)) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    document.head.append(link);
  }
  void import('./entry-client');
});
