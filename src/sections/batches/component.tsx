import { upcomingBatches } from '../../content/batches';
import { useCourses } from '../../page/courses-context';
import { useRoute } from '../../page/route-context';
import { useToday } from '../../page/today-context';
import { AskForNextBatch, BatchCard } from '../../ui/BatchCard';
import { SectionShell } from '../../ui/SectionShell';
import '../../ui/show-all.css';
import type { SectionProps } from '../types';

/**
 * The page's own course's upcoming batches (its `meta.course.batches`, as the site's course index
 * holds them), earliest first, from the date the page is made for; none upcoming: "Next batch: ask us".
 */
export default function Batches({ section }: SectionProps<'batches'>) {
  const course = useCourses()[useRoute()];
  const batches = upcomingBatches(course?.batches ?? [], useToday());
  return (
    <SectionShell kind="batches" id={section.id} title={section.title} intro={section.intro}>
      {batches.length > 0 ? (
        <>
          <ul className="batch-cards">
            {batches.map((batch) => (
              <li key={`${batch.start} ${batch.centre} ${batch.time}`}>
                <BatchCard batch={batch} />
              </li>
            ))}
          </ul>
          {/* On a phone, of three batches or more the next one shows and the rest are one press away
              (batch-card.css hides them while this is closed); a wide screen shows them all, with no button. */}
          {batches.length > 2 && (
            <details className="show-all batch-more">
              <summary className="button button--ghost show-all__toggle">
                <span className="show-all__more">{`Show all ${batches.length} batches`}</span>
                <span className="show-all__less">Show fewer batches</span>
              </summary>
            </details>
          )}
        </>
      ) : (
        <AskForNextBatch course={course?.name} />
      )}
    </SectionShell>
  );
}
