import type { ComponentType } from 'react';
import type { PermissionConfig, ResourceKind } from '@platform/contracts';
import { FacebookIcon, InstagramIcon, TelegramIcon, TiktokIcon, ViberIcon, YoutubeIcon } from '@/components/icons';
import { resourcesOf } from '@/lib/config';
import { toSafeUrl } from '@/lib/customer-service';

/** The social networks the side menu and footer link to (spec §2 Side menu), in the spec's order. */
const SOCIAL: readonly { kind: ResourceKind; name: string; Icon: ComponentType }[] = [
  { kind: 'FACEBOOK', name: 'Facebook', Icon: FacebookIcon },
  { kind: 'TELEGRAM', name: 'Telegram', Icon: TelegramIcon },
  { kind: 'YOUTUBE', name: 'YouTube', Icon: YoutubeIcon },
  { kind: 'INSTAGRAM', name: 'Instagram', Icon: InstagramIcon },
  { kind: 'TIKTOK', name: 'TikTok', Icon: TiktokIcon },
  { kind: 'VIBER', name: 'Viber', Icon: ViberIcon },
];

export type SocialLink = { kind: ResourceKind; name: string; Icon: ComponentType; href: string };

/** The first usable link of a resource kind (operator data: only http(s) links are kept). */
export const firstResourceUrl = (config: PermissionConfig, kind: ResourceKind): string | null => {
  for (const entry of resourcesOf(config, kind)) {
    const href = toSafeUrl(entry.url);
    if (href) return href;
  }
  return null;
};

export const socialLinks = (config: PermissionConfig): SocialLink[] =>
  SOCIAL.flatMap((social) => {
    const href = firstResourceUrl(config, social.kind);
    return href ? [{ ...social, href }] : [];
  });
