import type { ReactNode } from 'react';
import { useSite } from '../page/site-context';
import { PageLink } from './PageLink';

interface Props {
  href: string;
  children: ReactNode;
  className?: string | undefined;
}

const NEW_TAB = { target: '_blank', rel: 'noopener noreferrer' } as const;

/**
 * Renders any content href: a page of this site is a PageLink; `form` is the external
 * form of _site.yaml and, like every https:// address, opens in a new tab.
 */
export function SmartLink({ href, children, className }: Props) {
  const site = useSite();
  if (href === 'form') {
    return (
      <a href={site.form.url} className={className} {...NEW_TAB}>
        {children}
      </a>
    );
  }
  if (href.startsWith('/')) {
    return (
      <PageLink to={href} className={className}>
        {children}
      </PageLink>
    );
  }
  if (href.startsWith('https://')) {
    return (
      <a href={href} className={className} {...NEW_TAB}>
        {children}
      </a>
    );
  }
  return (
    <a href={href} className={className}>
      {children}
    </a>
  );
}
