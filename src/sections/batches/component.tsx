import { upcomingBatches } from '../../content/batches';
import { useCourses } from '../../page/courses-context';
import { useRoute } from '../../page/route-context';
import { useToday } from '../../page/today-context';
import { AskForNextBatch, BatchCard } from '../../ui/BatchCard';
import { SectionShell } from '../../ui/SectionShell';
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
        <ul className="batch-cards">
          {batches.map((batch, index) => (
            <li key={index}>
              <BatchCard batch={batch} />
            </li>
          ))}
        </ul>
      ) : (
        <AskForNextBatch course={course?.name} />
      )}
    </SectionShell>
  );
}
