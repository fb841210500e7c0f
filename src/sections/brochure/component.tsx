import { Island } from '../../islands/Island';
import { useSite } from '../../page/site-context';
import { SectionShell } from '../../ui/SectionShell';
import type { SectionProps } from '../types';
import './brochure.css';

/**
 * The brochure panel: the PDF downloads once the visitor signs in (a courtesy asked of them: the file
 * itself is public, kept out of search engines by robots.txt and its header). The text is HTML; the buttons
 * are the brochure island (island.tsx), prerendered signed out and hydrated when the visitor reaches
 * for them. Without JavaScript they are hidden and a line says why (brochure.css).
 */
export default function Brochure({ section }: SectionProps<'brochure'>) {
  const site = useSite();
  return (
    <SectionShell kind="brochure" id={section.id} title={section.title} intro={section.text}>
      <Island name="brochure" props={{ file: site.brochure.file, fileName: site.brochure.fileName, firebase: site.firebase }} />
      <p className="brochure__no-script">Signing in needs JavaScript: turn it on in your browser to download the brochure.</p>
    </SectionShell>
  );
}
