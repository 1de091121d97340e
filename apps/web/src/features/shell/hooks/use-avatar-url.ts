import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { MEMBER_QUERY_ROOT } from '@/lib/member-info';
import { getMemberIcon } from '../api/get-member-icon';

/** A data: URL (the CSP allows data: images, not blob:), read from the fetched image. */
const toDataUrl = (blob: Blob): Promise<string> =>
  new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () =>
      typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error('unreadable'));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsDataURL(blob);
  });

/** The member's avatar as an image URL; null until it loads or when it fails (initials show then). */
export function useAvatarUrl(enabled: boolean): string | null {
  const { data } = useQuery({
    queryKey: [MEMBER_QUERY_ROOT, 'icon'],
    queryFn: ({ signal }) => getMemberIcon(signal),
    enabled,
    retry: false,
    staleTime: 5 * 60_000,
  });
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!data || !data.type.startsWith('image/')) return;
    let active = true;
    toDataUrl(data)
      .then((next) => active && setUrl(next))
      .catch(() => undefined);
    return () => {
      active = false;
    };
  }, [data]);
  return url;
}
