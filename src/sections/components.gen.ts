// Generated from the folders of src/sections/ by scripts/codegen/section-index.mjs (npm run check, build,
// dev, typecheck and the tests write it). Do not edit: add a folder instead.
import batchesSection from './batches/component';
import brochureSection from './brochure/component';
import contactSection from './contact/component';
import courseCardsSection from './course-cards/component';
import ctaSection from './cta/component';
import datesSection from './dates/component';
import factsSection from './facts/component';
import facultySection from './faculty/component';
import faqSection from './faq/component';
import gallerySection from './gallery/component';
import heroSection from './hero/component';
import listSection from './list/component';
import logosSection from './logos/component';
import modulesSection from './modules/component';
import packagesSection from './packages/component';
import proseSection from './prose/component';
import roleCardsSection from './role-cards/component';
import statsSection from './stats/component';
import tableSection from './table/component';
import testimonialsSection from './testimonials/component';
import trainingsSection from './trainings/component';
import upcomingBatchesSection from './upcoming-batches/component';
import videoSection from './video/component';

/** Every section type's component: rendered at build time (and in the editor's preview), never shipped to the browser. */
export const sectionComponents = { batches: batchesSection, brochure: brochureSection, contact: contactSection, 'course-cards': courseCardsSection, cta: ctaSection, dates: datesSection, facts: factsSection, faculty: facultySection, faq: faqSection, gallery: gallerySection, hero: heroSection, list: listSection, logos: logosSection, modules: modulesSection, packages: packagesSection, prose: proseSection, 'role-cards': roleCardsSection, stats: statsSection, table: tableSection, testimonials: testimonialsSection, trainings: trainingsSection, 'upcoming-batches': upcomingBatchesSection, video: videoSection };
