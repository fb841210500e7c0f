import { upcomingBatches } from '../../content/batches';
import { useCourses } from '../../page/courses-context';
import { useRoute } from '../../page/route-context';
import { useToday } from '../../page/today-context';
import { AskForNextBatch, BatchCard } from '../../ui/BatchCard';
import { SectionShell } from '../../ui/SectionShell';
import { ShowAll, splitLong } from '../../ui/ShowAll';
import type { SectionProps } from '../types';

/**
 * The page's own course's upcoming batches (its `meta.course.batches`, as the site's course index
 * holds them), earliest first, from the date the page is made for; none upcoming: "Next batch: ask us".
 */
export default function Batches({ section }: SectionProps<'batches'>) {
  const course = useCourses()[useRoute()];
  const batches = upcomingBatches(course?.batches ?? [], useToday());
  // On a phone two at most; of three or more, the next one and the rest one press away (a wide screen shows
  // them all): the course page stays a page to read.
  const { first, rest } = splitLong(batches, 2, 1);
  const list = (shown: typeof batches) => (
    <ul className="batch-cards">
      {shown.map((batch) => (
        <li key={`${batch.start} ${batch.centre} ${batch.time}`}>
          <BatchCard batch={batch} />
        </li>
      ))}
    </ul>
  );
  return (
    <SectionShell kind="batches" id={section.id} title={section.title} intro={section.intro}>
      {batches.length > 0 ? (
        <>
          {list(first)}
          {rest.length > 0 && (
            <ShowAll total={batches.length} noun="batches">
              {list(rest)}
            </ShowAll>
          )}
        </>
      ) : (
        <AskForNextBatch course={course?.name} />
      )}
    </SectionShell>
  );
}
