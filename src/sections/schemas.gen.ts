// Generated from the folders of src/sections/ by scripts/codegen/section-index.mjs (npm run check, build,
// dev, typecheck and the tests write it). Do not edit: add a folder instead.
import batchesSection from './batches/schema';
import brochureSection from './brochure/schema';
import contactSection from './contact/schema';
import courseCardsSection from './course-cards/schema';
import ctaSection from './cta/schema';
import datesSection from './dates/schema';
import factsSection from './facts/schema';
import facultySection from './faculty/schema';
import faqSection from './faq/schema';
import gallerySection from './gallery/schema';
import heroSection from './hero/schema';
import listSection from './list/schema';
import logosSection from './logos/schema';
import modulesSection from './modules/schema';
import packagesSection from './packages/schema';
import proseSection from './prose/schema';
import roleCardsSection from './role-cards/schema';
import statsSection from './stats/schema';
import tableSection from './table/schema';
import testimonialsSection from './testimonials/schema';
import trainingsSection from './trainings/schema';
import upcomingBatchesSection from './upcoming-batches/schema';
import videoSection from './video/schema';

/** Every section type's schema, in the order of the folders. */
export const sectionSchemas = [batchesSection, brochureSection, contactSection, courseCardsSection, ctaSection, datesSection, factsSection, facultySection, faqSection, gallerySection, heroSection, listSection, logosSection, modulesSection, packagesSection, proseSection, roleCardsSection, statsSection, tableSection, testimonialsSection, trainingsSection, upcomingBatchesSection, videoSection] as const;
