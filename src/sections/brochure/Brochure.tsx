import { useInView } from 'react-intersection-observer';
import { useSite } from '../../app/site-context';
import { useAuth } from '../../auth/use-auth';
import { SectionShell } from '../../ui/SectionShell';
import type { SectionProps } from '../types';
import './brochure.css';

/**
 * The brochure panel: the PDF downloads only for a signed-in visitor. Rendered signed out
 * first (prerendered HTML), then follows the sign-in state once Firebase has loaded, which it
 * does when the panel nears the screen (src/auth/use-auth.ts).
 */
export function Brochure({ section }: SectionProps<'brochure'>) {
  const site = useSite();
  // Within a quarter screen of the viewport: on a phone, about one flick of scrolling before the
  // buttons show, time enough to fetch the SDK on a slow network. Browsers without
  // IntersectionObserver load it straight away.
  const { ref, inView } = useInView({ rootMargin: '25% 0px', triggerOnce: true, fallbackInView: true });
  const { ready, user, login, logout } = useAuth(inView);

  return (
    <SectionShell kind="brochure" id={section.id} title={section.title} intro={section.text}>
      <div className="actions brochure__actions" ref={ref}>
        {user ? (
          <a className="button brochure__download" href={site.brochure.file} download={site.brochure.fileName}>
            Download Brochure
          </a>
        ) : (
          <button type="button" className="button brochure__download" disabled>
            Login to Download
          </button>
        )}
        {user ? (
          <button type="button" className="button button--ghost brochure__auth" onClick={logout}>
            Logout
          </button>
        ) : (
          // Disabled (same size) until Firebase is loaded, so the click can open the popup at once.
          <button type="button" className="button button--ghost brochure__auth" onClick={login} disabled={!ready}>
            Login
          </button>
        )}
      </div>
    </SectionShell>
  );
}
