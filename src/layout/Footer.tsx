import type { Branch } from '../content/site-schema';
import { useSite } from '../page/site-context';
import { SmartLink } from '../ui/SmartLink';
import { telHref } from './phone';

/** About text, link columns, branches with their phones and e-mails (or their address), social profiles, copyright. */
export function Footer() {
  const site = useSite();
  const { footer } = site;

  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <div className="site-footer__about">
          <p className="site-footer__name">{site.name}</p>
          <p>{footer.about}</p>
          {site.social.length > 0 && (
            <ul className="site-footer__social" aria-label="Social media">
              {site.social.map((link) => (
                <li key={link.href}>
                  <SmartLink href={link.href}>{link.label}</SmartLink>
                </li>
              ))}
            </ul>
          )}
        </div>

        {/* On a phone each column is a disclosure under its title (the menu above lists the same pages);
            from 48rem every column is shown open (layout.css). */}
        {footer.columns.map((column) => (
          <details key={column.title} className="site-footer__column">
            <summary className="site-footer__summary">
              <h2 className="site-footer__title">{column.title}</h2>
            </summary>
            <ul className="site-footer__links">
              {column.links.map((link) => (
                <li key={`${link.href} ${link.label}`}>
                  <SmartLink href={link.href}>{link.label}</SmartLink>
                </li>
              ))}
            </ul>
          </details>
        ))}

        <div className="site-footer__branches">
          <h2 className="site-footer__title">Our branches</h2>
          <ul className="site-footer__links">
            {site.branches.map((branch) => (
              <li key={`${branch.city} ${branch.name ?? ''}`} className="site-footer__branch">
                <strong>{branchTitle(branch)}</strong>
                {branch.phones.length + branch.emails.length > 0 ? (
                  <span className="site-footer__contacts">
                    {branch.phones.map((phone) => (
                      <a key={phone} href={telHref(phone)}>
                        {phone}
                      </a>
                    ))}
                    {branch.emails.map((email) => (
                      <a key={email} href={`mailto:${email}`}>
                        {email}
                      </a>
                    ))}
                  </span>
                ) : (
                  // A branch with no phone or e-mail of its own is still somewhere: its address, not a name alone.
                  <span>{branch.address.join(', ')}</span>
                )}
              </li>
            ))}
          </ul>
        </div>
      </div>
      <p className="container site-footer__copyright">{footer.copyright}</p>
    </footer>
  );
}

/** "Pune, Head office"; just "Aurangabad" when the name already says the city ("Aurangabad branch"). */
function branchTitle({ city, name }: Branch): string {
  return name && !name.toLowerCase().includes(city.toLowerCase()) ? `${city}, ${name}` : city;
}
