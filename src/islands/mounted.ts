/**
 * The islands hydrated on this page, so that those whose element has left the page can be unmounted
 * (their effects cleaned up): `npm run dev` swaps a saved page's markup in place (src/dev-client.ts).
 * On the site, an island stays as long as its page. Kept apart from hydrate.tsx, which brings React.
 */
const mounted = new Map<Element, () => void>();

export function rememberIsland(element: Element, unmount: () => void): void {
  mounted.set(element, unmount);
}

/** Unmounts every island whose element is no longer in the page. */
export function unmountIslands(): void {
  for (const [element, unmount] of mounted) {
    if (element.isConnected) continue;
    mounted.delete(element);
    unmount();
  }
}
