import type { Page } from "../content/page-schema";
import { Layout } from "../layout/Layout";
import { CoursesProvider } from "../page/courses-context";
import { ImageSizesProvider } from "../page/image-sizes";
import { RouteProvider } from "../page/route-context";
import { SiteProvider } from "../page/site-context";
import { TodayProvider } from "../page/today-context";
import { SectionSlot } from "../sections/section-slot";
import type { RenderData } from "./data";
import { NotFound } from "./NotFound";
import "../styles/base.css";

/** A whole page of the site: the layout around the page's sections (or the 404 page), as static HTML. */
export function App({ data }: { data: RenderData }) {
  return (
    <SiteProvider value={data.site}>
      <TodayProvider value={data.today}>
        <RouteProvider value={data.route}>
          <ImageSizesProvider sizes={data.images}>
            <CoursesProvider value={data.courses ?? {}}>
              <Layout menu={data.menu}>
                {data.page ? <PageView page={data.page} /> : <NotFound />}
              </Layout>
            </CoursesProvider>
          </ImageSizesProvider>
        </RouteProvider>
      </TodayProvider>
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
