/**
 * `npm run dev` swaps a saved page in place (src/app/page-update.ts): what the visitor sees is the new
 * page (its text, title, head tags, the errors notice), what the running page added stays (Vite's
 * styles), and a page that is not the site's (an error page) is left for a reload.
 */
import { describe, expect, it } from 'vitest';
import { swapPage } from '../../src/app/page-update';

const page = ({ title, description, text, notice = false }: { title: string; description: string; text: string; notice?: boolean }) => `<!doctype html>
<html lang="en"><head><meta charset="UTF-8" /><title>${title}</title><meta name="description" content="${description}" />
<script type="module" src="/@vite/client"></script></head>
<body><div id="root"><main><h1>${title}</h1><p>${text}</p></main></div>
<script type="module" src="/src/site.ts"></script>${notice ? '<aside id="cesa-dev-errors">1 file has errors</aside>' : ''}
<script type="module" src="/src/dev-client.ts"></script></body></html>`;

const errorPage = '<!doctype html><html lang="en"><head><title>Mistake in pages/etabs.yaml</title></head><body><main><h1>This page has a mistake to fix</h1></main></body></html>';

const parse = (html: string) => new DOMParser().parseFromString(html, 'text/html');

/** The tab: a page as served, then running (Vite's client adds the modules' styles to the head). */
function openPage(html: string): Document {
  const tab = document.implementation.createHTMLDocument();
  tab.documentElement.replaceWith(tab.importNode(parse(html).documentElement, true));
  const style = tab.createElement('style');
  style.dataset.viteDevId = '/src/styles/base.css';
  style.textContent = 'body { margin: 0 }';
  tab.head.append(style);
  return tab;
}

describe('a saved page swapped in place', () => {
  it('shows the new text, title and head tags, and keeps the styles the running page added', () => {
    const tab = openPage(page({ title: 'ETABS', description: 'Old', text: 'Six weeks' }));
    const script = tab.querySelector('script[src="/src/site.ts"]');
    expect(swapPage(tab, parse(page({ title: 'ETABS course', description: 'New', text: 'Eight weeks' })))).toBe(true);
    expect(tab.querySelector('h1')?.textContent).toBe('ETABS course');
    expect(tab.querySelector('#root p')?.textContent).toBe('Eight weeks');
    expect(tab.title).toBe('ETABS course');
    expect([...tab.head.querySelectorAll('meta[name="description"]')].map((meta) => meta.getAttribute('content'))).toEqual(['New']);
    expect(tab.head.querySelectorAll('title, script[src="/@vite/client"]')).toHaveLength(2);
    expect(tab.head.querySelector('style[data-vite-dev-id]')?.textContent).toBe('body { margin: 0 }');
    // The page's scripts are the ones that were running, not run again.
    expect(tab.querySelector('script[src="/src/site.ts"]')).toBe(script);
  });

  it('brings the notice of content errors, and takes it away', () => {
    const tab = openPage(page({ title: 'Home', description: 'd', text: 't' }));
    swapPage(tab, parse(page({ title: 'Home', description: 'd', text: 't', notice: true })));
    expect(tab.getElementById('cesa-dev-errors')?.textContent).toBe('1 file has errors');
    swapPage(tab, parse(page({ title: 'Home', description: 'd', text: 't' })));
    expect(tab.getElementById('cesa-dev-errors')).toBeNull();
  });

  it('leaves an error page, or a page that became one, as it is (the dev client reloads it)', () => {
    const tab = openPage(page({ title: 'ETABS', description: 'd', text: 'Six weeks' }));
    expect(swapPage(tab, parse(errorPage))).toBe(false);
    expect(tab.querySelector('h1')?.textContent).toBe('ETABS');
    const broken = openPage(errorPage);
    expect(swapPage(broken, parse(page({ title: 'ETABS', description: 'd', text: 'Six weeks' })))).toBe(false);
    expect(broken.querySelector('h1')?.textContent).toBe('This page has a mistake to fix');
  });
});
