/**
 * A link to another site that obeys the external navigation rules (spec core §2; externalNavigation.ts): an allowed
 * address opens in a new tab without access to this window (rel="noopener noreferrer"); a refused one is rendered as
 * plain text (and logged), so a user-provided address can never run script or open an unknown site. No UI library,
 * so that the public pages can use it; wrap it in a styled link with `asChild` where a design is needed.
 */
import { useEffect, type AnchorHTMLAttributes } from 'react';
import { EXTERNAL_NAVIGATION_ALLOW_LIST, logRefusedNavigation, navigationRefusal } from './externalNavigation';

export interface ExternalLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href' | 'target' | 'rel'> {
  href: string;
  /** Hosts of other sites allowed besides the default list. */
  allowList?: readonly string[];
}

export function ExternalLink({
  href,
  allowList = EXTERNAL_NAVIGATION_ALLOW_LIST,
  children,
  ...rest
}: ExternalLinkProps) {
  const refusal = navigationRefusal(href, allowList);
  useEffect(() => {
    if (refusal) logRefusedNavigation(href, refusal);
  }, [href, refusal]);
  if (refusal) {
    return (
      <span className={rest.className} data-refused-href="">
        {children}
      </span>
    );
  }
  return (
    <a {...rest} href={href} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
}
