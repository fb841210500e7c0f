/**
 * The preview inside the editor's iframe: the page drawn by the site's own layout and section
 * components, from the data the editor sends (preview-protocol.ts). Each section is checked on its
 * own, so one with errors is a short notice and the others are still shown as the site would.
 */
import {
  Component,
  Fragment,
  memo,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from "react";
import {
  resolveFacts,
  resolveSectionFacts,
  statedFacts,
  type CourseCardFacts,
  type CourseIndex,
} from "../../src/content/course-facts";
import { BatchSchema } from "../../src/content/batches";
import {
  PageMetaSchema,
  SectionSchema,
  type Section,
} from "../../src/content/page-schema";
import {
  SiteSchema,
  type MenuItem,
  type Site,
} from "../../src/content/site-schema";
import { Layout } from "../../src/layout/Layout";
import { isRecord } from "../../src/lib/is-record";
import {
  ImageSizesProvider,
  type ImageSizes,
} from "../../src/page/image-sizes";
import { CoursesProvider } from "../../src/page/courses-context";
import { TodayProvider, useToday } from "../../src/page/today-context";
import { datedSite } from "../../src/app/dated-data";
import { withDatedWords } from "../../src/content/dated-words";
import { RouteProvider } from "../../src/page/route-context";
import { SiteProvider, useSite } from "../../src/page/site-context";
import { SectionSlot } from "../../src/sections/section-slot";
import { api, asFailure, type ApiFailure } from "./api";
import type { ContentResponse, Json } from "../protocol/api";
import {
  sharedNow,
  type PreviewData,
  type PreviewRendered,
  type PreviewScroll,
} from "../protocol/preview";
import { CONTENT_CHANGED_EVENT } from "./use-disk-watch";

/** A section as the preview draws it: valid (the component) or not (the notice). */
export type PreviewSection =
  { ok: true; section: Section } | { ok: false; type: string };

function previewSection(raw: Json): PreviewSection {
  const parsed = SectionSchema.safeParse(raw);
  if (parsed.success) return { ok: true, section: parsed.data };
  const type =
    isRecord(raw) && typeof raw.type === "string" ? raw.type : "unknown";
  return { ok: false, type };
}

/**
 * The page's sections, each checked on its own, with the course's facts in place ({duration} shows
 * the duration its course block states). `previous` maps the text of each section (and the facts) of
 * the last change to what it became: an unchanged section is the same object again, so it is not
 * drawn again (a keystroke changes one section; the others stay as they are; a changed fact draws them all).
 */
export function previewSections(
  data: Json,
  previous: Map<string, PreviewSection> = new Map(),
): { sections: PreviewSection[]; known: Map<string, PreviewSection> } {
  const known = new Map<string, PreviewSection>();
  if (!isRecord(data) || !Array.isArray(data.sections))
    return { sections: [], known };
  const facts = statedFacts(data);
  const factsText = JSON.stringify(facts);
  const sections = data.sections.map((raw) => {
    const text = `${factsText}\n${JSON.stringify(raw)}`;
    const entry =
      known.get(text) ??
      previous.get(text) ??
      previewSection(resolveSectionFacts(raw, facts) as Json);
    known.set(text, entry);
    return entry;
  });
  return { sections, known };
}

/**
 * The draft's own course, as the page's batches section shows it: its name and the batches written right
 * so far (one with a mistake is left out until it is mended: the form shows its error). Null for a page
 * that is not a course.
 */
export function previewCourse(data: Json): CourseCardFacts | null {
  if (!isRecord(data) || !isRecord(data.meta) || !isRecord(data.meta.course)) return null;
  const { name, batches } = data.meta.course;
  return {
    name: typeof name === "string" ? name : "",
    batches: Array.isArray(batches)
      ? batches.flatMap((raw) => {
          const batch = BatchSchema.safeParse(raw);
          return batch.success ? [batch.data] : [];
        })
      : [],
  };
}

/** The page's title when its meta is valid (the preview's tab says it). */
export function previewTitle(data: Json): string | null {
  if (!isRecord(data)) return null;
  const resolved = resolveFacts(data).value;
  const meta = PageMetaSchema.safeParse(
    isRecord(resolved) ? resolved.meta : undefined,
  );
  return meta.success ? meta.data.title : null;
}

/**
 * The site settings being edited: drawn in place of the site document on disk. `site` is null while
 * the draft has errors; `menu` is the header menu the dev server assembled from the newest valid draft.
 */
export interface SiteDraft {
  site: Site | null;
  menu: MenuItem[] | undefined;
}

/** The draft site settings of a message, checked here (at once, on every keystroke). */
export function previewSite(
  site: Json | undefined,
  menu: unknown,
): SiteDraft | undefined {
  if (site === undefined) return undefined;
  const parsed = SiteSchema.safeParse(site);
  return {
    site: parsed.success ? parsed.data : null,
    menu: Array.isArray(menu) ? (menu as MenuItem[]) : undefined,
  };
}

/** The content around the page: with the draft site settings, when they are being edited. */
export function withSiteDraft(
  content: ContentResponse,
  draft: SiteDraft | undefined,
): ContentResponse {
  if (!draft) return content;
  return { ...content, site: draft.site, menu: draft.menu ?? content.menu };
}

export interface Shown {
  id: number;
  route: string;
  title: string | null;
  sections: PreviewSection[];
  /** The draft's course (its batches as edited), for a course page. */
  course?: CourseCardFacts | null | undefined;
  /** Present while the site settings are edited. */
  siteDraft?: SiteDraft | undefined;
}

function SectionNotice({ index, type }: { index: number; type: string }) {
  return (
    <div className="preview-broken container" role="note">
      <p className="preview-broken__title">
        This section has errors (see the form)
      </p>
      <p className="preview-broken__detail">
        Section {index + 1} ({type}) is shown once its errors are fixed.
      </p>
    </div>
  );
}

/** A section whose component fails while drawing becomes the notice too, not a blank preview. */
class SectionBoundary extends Component<
  { index: number; type: string; changeId: number; children: ReactNode },
  { failedAt: number | null }
> {
  override state: { failedAt: number | null } = { failedAt: null };

  static getDerivedStateFromError(): { failedAt: number } {
    return { failedAt: -1 };
  }

  override componentDidCatch(): void {
    this.setState({ failedAt: this.props.changeId });
  }

  override render(): ReactNode {
    const { failedAt } = this.state;
    // The next change tries again: the edit may have fixed it.
    if (failedAt === -1 || failedAt === this.props.changeId)
      return <SectionNotice index={this.props.index} type={this.props.type} />;
    return this.props.children;
  }
}

/** One section; drawn again only when it changed (or moved), not on every keystroke elsewhere. */
const PreviewSectionView = memo(
  function PreviewSectionView({
    entry,
    index,
    changeId,
  }: {
    entry: PreviewSection;
    index: number;
    changeId: number;
  }) {
    const today = useToday();
    const founded = useSite().founded;
    // The figures of the date ({year}, {years}), as the built page shows them.
    const section = useMemo(() => (entry.ok ? withDatedWords(entry.section, { today, founded }) : null), [entry, today, founded]);
    if (!entry.ok || !section) return <SectionNotice index={index} type={entry.ok ? entry.section.type : entry.type} />;
    return (
      <SectionBoundary
        index={index}
        type={entry.section.type}
        changeId={changeId}
      >
        <SectionSlot section={section} index={index} />
      </SectionBoundary>
    );
  },
  (before, after) =>
    before.entry === after.entry && before.index === after.index,
);

interface PreviewPageProps {
  content: ContentResponse;
  shown: Shown;
}

/** The site's courses, the page's own as its draft says (its batches as they are edited). */
function coursesShown(content: ContentResponse, shown: Shown): CourseIndex {
  const courses = content.courses ?? {};
  if (!shown.course) return courses;
  const saved = courses[shown.route];
  return { ...courses, [shown.route]: { ...saved, ...shown.course, name: shown.course.name || saved?.name || "" } };
}

export function PreviewPage({ content, shown }: PreviewPageProps) {
  // null while _site.yaml has errors: the layout needs it.
  if (!content.site && shown.siteDraft) {
    return (
      <main className="preview-broken container">
        <p className="preview-broken__title">The site settings have errors</p>
        <p className="preview-broken__detail">
          The errors are listed above the form. Once they are fixed, the preview
          shows the home page with these settings.
        </p>
      </main>
    );
  }
  if (!content.site) {
    return (
      <main className="preview-broken container">
        <p className="preview-broken__title">
          The preview needs the site settings
        </p>
        <p className="preview-broken__detail">
          pages/_site.yaml has errors. Once they are fixed, the preview shows
          this page.
        </p>
      </main>
    );
  }
  return (
    <SiteProvider value={datedSite(content.site as Site, content.today)}>
      <TodayProvider value={content.today}>
        <ImageSizesProvider sizes={content.imageSizes as ImageSizes}>
          <RouteProvider value={shown.route}>
            <CoursesProvider value={coursesShown(content, shown)}>
              <Layout menu={content.menu as MenuItem[]}>
                {shown.sections.map((entry, index) => (
                  <Fragment key={index}>
                    {/* Where section `index` begins, for scrolling to it: hidden, no box, no style of the site's touches it. */}
                    <span hidden data-preview-section={index} />
                    <PreviewSectionView
                      entry={entry}
                      index={index}
                      changeId={shown.id}
                    />
                  </Fragment>
                ))}
              </Layout>
            </CoursesProvider>
          </RouteProvider>
        </ImageSizesProvider>
      </TodayProvider>
    </SiteProvider>
  );
}

/**
 * Scrolls to the first element of section `index`; false when it is not drawn yet (its code is
 * still loading, or the page that has it has not arrived).
 */
function scrollToSection(index: number): boolean {
  const marker = document.querySelector(`[data-preview-section="${index}"]`);
  if (!marker) return false;
  const first = marker.nextElementSibling;
  if (!first || first.hasAttribute("data-preview-section")) return false;
  const still =
    window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? true;
  // Not scrollIntoView: it would scroll the editor around the frame too (on a phone, away from the form).
  // Below the site's sticky header, as its anchors are (scroll-padding-top).
  const padding =
    Number.parseFloat(
      getComputedStyle(document.documentElement).scrollPaddingTop,
    ) || 0;
  window.scrollTo({
    top: first.getBoundingClientRect().top + window.scrollY - padding,
    behavior: still ? "auto" : "smooth",
  });
  return true;
}

/** Listens to the editor, draws what it sends, answers when it is on screen. */
export function PreviewApp() {
  const [content, setContent] = useState<ContentResponse | null>(null);
  const [failure, setFailure] = useState<ApiFailure | null>(null);
  const [shown, setShown] = useState<Shown | null>(null);
  /** A section the editor asked to see that was not drawn yet: shown once it is. */
  const pendingScroll = useRef<number | null>(null);

  useEffect(() => {
    const load = () => {
      api.content().then(
        (loaded) => {
          setContent(loaded);
          setFailure(null);
        },
        (error: unknown) => setFailure(asFailure(error)),
      );
    };
    load();
    // _site.yaml, the menu or an image changed: the frame around the page follows.
    window.addEventListener(CONTENT_CHANGED_EVENT, load);
    return () => window.removeEventListener(CONTENT_CHANGED_EVENT, load);
  }, []);

  useEffect(() => {
    let known = new Map<string, PreviewSection>();
    const onMessage = (event: MessageEvent) => {
      if (
        event.origin !== window.location.origin ||
        event.source !== window.parent
      )
        return;
      const scroll = event.data as Partial<PreviewScroll> | null;
      if (
        scroll?.type === "cesa-preview-scroll" &&
        typeof scroll.section === "number"
      ) {
        pendingScroll.current = scrollToSection(scroll.section)
          ? null
          : scroll.section;
        return;
      }
      const message = event.data as Partial<PreviewData> | null;
      if (
        message?.type !== "cesa-preview" ||
        typeof message.id !== "number" ||
        typeof message.route !== "string"
      )
        return;
      const { id, route } = message;
      const data = message.data ?? null;
      const parsed = previewSections(data, known);
      known = parsed.known;
      const { sections } = parsed;
      const title = previewTitle(data);
      const siteDraft = previewSite(message.site, message.menu);
      setShown({ id, route, title, sections, course: previewCourse(data), siteDraft });
    };
    window.addEventListener("message", onMessage);
    window.parent.postMessage(
      { type: "cesa-preview-ready" },
      window.location.origin,
    );
    return () => window.removeEventListener("message", onMessage);
  }, []);

  const siteDraft = shown?.siteDraft;
  const drawn = useMemo(
    () => content && withSiteDraft(content, siteDraft),
    [content, siteDraft],
  );

  const title = shown?.title;
  useEffect(() => {
    document.title = title ? `Preview: ${title}` : "Preview";
  }, [title]);

  useEffect(() => {
    if (!shown || !content) return;
    if (
      pendingScroll.current !== null &&
      scrollToSection(pendingScroll.current)
    )
      pendingScroll.current = null;
    const rendered: PreviewRendered = {
      type: "cesa-preview-rendered",
      id: shown.id,
      at: sharedNow(),
    };
    window.parent.postMessage(rendered, window.location.origin);
  }, [shown, content]);

  if (failure) {
    return (
      <main className="preview-broken container">
        <p className="preview-broken__title">
          The preview could not load the site
        </p>
        <p className="preview-broken__detail">
          {failure.message} {failure.hint}
        </p>
      </main>
    );
  }
  if (!drawn || !shown) return null;
  return <PreviewPage content={drawn} shown={shown} />;
}
