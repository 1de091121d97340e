import { ExternalLink } from '@/components/external-link';
import { useConfig } from '@/lib/config';
import { socialLinks } from '../utils/social';

/** Icon links to the operator's social pages; brand names are not translated. */
export function SocialLinks() {
  const links = socialLinks(useConfig());
  if (links.length === 0) return null;
  return (
    <ul className="social-links">
      {links.map(({ kind, name, Icon, href }) => (
        <li key={kind}>
          <ExternalLink href={href} className="icon-button" label={name}>
            <Icon />
          </ExternalLink>
        </li>
      ))}
    </ul>
  );
}

export const useHasSocialLinks = () => socialLinks(useConfig()).length > 0;
