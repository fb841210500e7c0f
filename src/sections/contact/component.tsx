import { Fragment, useId } from 'react';
import type { Branch } from '../../content/site-schema';
import { useSite } from '../../page/site-context';
import { EnquiryQr } from '../../ui/EnquiryQr';
import { SectionShell } from '../../ui/SectionShell';
import { SmartLink } from '../../ui/SmartLink';
import type { SectionProps } from '../types';
import './contact.css';

/** The enquiry button and the enquiry form's QR code, a card per branch of _site.yaml, the social links and the map. */
export default function Contact({ section }: SectionProps<'contact'>) {
  const site = useSite();
  const socialId = useId();
  const branches = pickBranches(site.branches, section.branches);
  const social = section.social ? site.social : [];

  return (
    <SectionShell kind="contact" id={section.id} title={section.title} intro={section.intro}>
      {(section.enquiry || section.qr) && (
        <div className="contact__enquiry">
          {section.enquiry && (
            <SmartLink href={section.enquiry.href} className="button">
              {section.enquiry.label}
            </SmartLink>
          )}
          {section.qr && <EnquiryQr />}
        </div>
      )}
      <ul className="grid contact__branches">
        {branches.map((branch) => (
          <li key={branch.city}>
            <BranchCard branch={branch} />
          </li>
        ))}
      </ul>
      {social.length > 0 && (
        <div className="contact__social">
          <p id={socialId} className="contact__social-title">
            Follow us
          </p>
          <ul aria-labelledby={socialId}>
            {social.map((link) => (
              <li key={link.href}>
                <SmartLink href={link.href} className="button button--ghost">
                  {link.label}
                </SmartLink>
              </li>
            ))}
          </ul>
        </div>
      )}
      {section.map && (
        <iframe
          className="contact__map"
          src={section.map.src}
          title={section.map.title}
          loading="lazy"
          width={600}
          height={450}
          referrerPolicy="no-referrer-when-downgrade"
          allowFullScreen
        />
      )}
    </SectionShell>
  );
}

/** All branches, or the ones `cities` names, in that order. */
function pickBranches(branches: Branch[], cities: string[] | undefined): Branch[] {
  if (!cities) return branches;
  return cities.flatMap((city) => branches.filter((branch) => branch.city === city));
}

function BranchCard({ branch }: { branch: Branch }) {
  return (
    <article className="card branch">
      <h3 className="branch__city">{branch.city}</h3>
      {branch.name && <p className="branch__name">{branch.name}</p>}
      <address className="branch__contact">
        <p>
          {branch.address.map((line, i) => (
            <Fragment key={i}>
              {i > 0 && <br />}
              {line}
            </Fragment>
          ))}
        </p>
        {branch.phones.length > 0 && (
          <p className="branch__links">
            <span className="branch__label">Phone</span>
            {branch.phones.map((phone) => (
              <a key={phone} href={`tel:${phone.replace(/[^\d+]/g, '')}`}>
                {phone}
              </a>
            ))}
          </p>
        )}
        {branch.emails.length > 0 && (
          <p className="branch__links">
            <span className="branch__label">E-mail</span>
            {branch.emails.map((email) => (
              <a key={email} href={`mailto:${email}`}>
                {email}
              </a>
            ))}
          </p>
        )}
      </address>
    </article>
  );
}
