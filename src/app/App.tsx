import { startTransition, useEffect, useEffectEvent, useRef, useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import type { Page, SectionType } from '../content/page-schema';
import { normaliseRoute } from '../content/routes';
import { Layout } from '../layout/Layout';
import { SectionSlot } from '../sections/section-slot';
import { fetchPage, type InitialData } from './data';
import { applyHead, headOf } from './head';
import { ImageSizesProvider, type ImageSizes } from './image-sizes';
import { NotFound } from './NotFound';
import { SiteProvider } from './site-context';
import '../styles/base.css';

interface AppProps {
  initial: InitialData;
  /** Loads the code of a page's sections before it is shown (the browser's code-split sections). */
  preload?: ((types: SectionType[]) => Promise<unknown>) | undefined;
}

/** The whole site: layout around the page of the current route. */
export function App({ initial, preload }: AppProps) {
  return (
    <SiteProvider value={initial.site}>
      <ImageSizesProvider sizes={initial.images}>
        <Layout menu={initial.menu}>
          <CurrentPage initial={initial} preload={preload} />
        </Layout>
      </ImageSizesProvider>
    </SiteProvider>
  );
}

export function PageView({ page }: { page: Page }) {
  return (
    <>
      {page.sections.map((section, index) => (
        <SectionSlot key={index} section={section} index={index} />
      ))}
    </>
  );
}

interface Shown {
  route: string;
  page: Page | null;
  /** The sizes of the page's images (beside the site's, provided above). */
  images: ImageSizes;
}

/**
 * Renders the prerendered page first (so hydration matches), then follows client-side navigation:
 * fetches only the new page's data, keeps the old page on screen until it arrives.
 */
function CurrentPage({ initial, preload }: AppProps) {
  const location = useLocation();
  const route = normaliseRoute(location.pathname);
  // The 404 page is prerendered once for every unknown address: it already shows this one.
  const [shown, setShown] = useState<Shown>({ route: initial.page ? initial.route : route, page: initial.page, images: initial.images });
  const navigated = useRef(false);

  useEffect(() => {
    if (route === shown.route || initial.redirects[route]) return;
    let current = true;
    fetchPage(route)
      .then(async (data) => {
        if (data && preload) await preload(data.page.sections.map((section) => section.type));
        return data;
      })
      .then(
      (data) => {
        if (current) startTransition(() => setShown({ route, page: data?.page ?? null, images: data?.images ?? {} }));
      },
      () => {
        // Offline or the server failed: let the browser load the page itself.
        if (current) window.location.assign(location.pathname);
      },
    );
    return () => {
      current = false;
    };
  }, [route, shown.route, initial.redirects, location.pathname, preload]);

  // A new page: its head, then start at its top (or its #anchor) and tell assistive technology by
  // moving focus. An effect event: it reads the location of the moment, and the effect below runs
  // only when the shown page changes, not on every location change.
  const onPageShown = useEffectEvent((page: Shown) => {
    applyHead(headOf(initial.site, page.route, page.page));
    const target = location.hash ? document.getElementById(location.hash.slice(1)) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
    document.getElementById('main')?.focus({ preventScroll: true });
  });

  useEffect(() => {
    if (!navigated.current) {
      navigated.current = true;
      return;
    }
    onPageShown(shown);
  }, [shown]);

  const target = initial.redirects[route];
  if (target) return <Navigate to={target + location.hash} replace />;
  return shown.page ? (
    <ImageSizesProvider sizes={shown.images}>
      <PageView page={shown.page} />
    </ImageSizesProvider>
  ) : (
    <NotFound />
  );
}
