import { useSite } from '../../app/site-context';
import { useAuth } from '../../auth/use-auth';
import { SectionShell } from '../../ui/SectionShell';
import type { SectionProps } from '../types';
import './brochure.css';

/**
 * The brochure panel: the PDF downloads only for a signed-in visitor. Rendered signed out
 * first (prerendered HTML), then follows the sign-in state once Firebase has loaded.
 */
export function Brochure({ section }: SectionProps<'brochure'>) {
  const site = useSite();
  const { ready, user, login, logout } = useAuth();

  return (
    <SectionShell kind="brochure" id={section.id} title={section.title} intro={section.text}>
      <div className="actions brochure__actions">
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
