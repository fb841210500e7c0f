/**
 * The one script every page loads (type="module", so after the HTML is parsed). The page is complete
 * without it: text, images, links, FAQ answers, the dialogs in browsers with invoker commands. It
 * runs the behaviours of the parts the page holds (menu, counters, hero video…), each its own small
 * chunk, and waits with each island until it is due: React and the island's code are fetched only
 * then (src/islands/).
 */
import './styles/base.css';
import { attachBehaviours } from './islands/attach';

// Every part's styles, in one stylesheet in the page's <head>: the components that import them are
// rendered at build time and never reach the browser, so the stylesheet is gathered here.
import.meta.glob(['./app/**/*.css', './layout/**/*.css', './ui/**/*.css', './sections/**/*.css'], { eager: true });

void attachBehaviours(document);
// The islands' scheduler is fetched only by pages that have an island (most pages have none).
if (document.querySelector('cesa-island')) void import('./islands/schedule').then((module) => module.startIslands(document));
