import { useSite } from '../page/site-context';
import { PageLink } from '../ui/PageLink';

/** The page for an unknown URL: says so, and offers a way on. */
export function NotFound() {
  const site = useSite();
  const links = site.menu.filter((item) => item.href && item.href !== '/');
  return (
    <section className="section section--not-found" aria-labelledby="not-found-title">
      <div className="container">
        <h1 id="not-found-title">Page not found</h1>
        <p>There is no page at this address. It may have moved, or the link may be mistyped.</p>
        <p className="actions">
          <PageLink className="button" to="/">
            Go to the home page
          </PageLink>
          <PageLink className="button button--ghost" to="/contact">
            Contact us
          </PageLink>
        </p>
        {links.length > 0 && (
          <nav aria-label="Popular pages">
            <ul>
              {links.map((item) => (
                <li key={item.label}>
                  <PageLink to={item.href!}>{item.label}</PageLink>
                </li>
              ))}
            </ul>
          </nav>
        )}
      </div>
    </section>
  );
}
