/**
 * The preview is a page of the site inside the editor: following one of its links would replace the
 * preview with another page. Links open in a new tab instead (a link within the page, `#…`, still
 * scrolls), and forms are not sent. Listened to in the capture phase, before React's handlers, so a
 * router link sees the click as handled and does not move the preview's router either.
 */
export function keepLinksInNewTabs(root: Document): void {
  root.addEventListener(
    'click',
    (event) => {
      const target = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(target instanceof HTMLAnchorElement)) return;
      const href = target.getAttribute('href') ?? '';
      if (href.startsWith('#')) return;
      event.preventDefault();
      // tel: and mailto: are handed to the system as usual; pages open beside the editor.
      if (/^(tel|mailto):/i.test(href)) window.location.assign(href);
      else window.open(target.href, '_blank', 'noopener');
    },
    true,
  );
  root.addEventListener('submit', (event) => event.preventDefault(), true);
}
