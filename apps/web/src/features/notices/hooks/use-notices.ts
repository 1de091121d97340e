import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { NoticeExecution } from '@platform/contracts';
import { useLanguage } from '@/lib/i18n/i18n';
import { useSession } from '@/lib/session';
import { getNotices, noticesQueryKeys } from '../api/notices-api';
import { noticeLists, type NoticeLists } from '../utils/notice-lists';
import { popupStorageKey, type PopupStorageKey } from '../utils/popup-storage';

export type NoticeAudience = {
  isLogin: boolean;
  /**
   * What the client asks for: A logged in, B guest. The server decides from the session (a guest asking for A gets
   * B) and adds the first-login notices (F) on the session of a member's first login by itself.
   */
  execution: NoticeExecution;
  /** Where closing the popup is remembered for this audience (spec §2 USER or ANONYMOUS). */
  storageKey: PopupStorageKey;
};

export function useNoticeAudience(): NoticeAudience {
  const { isLogin } = useSession();
  const execution: NoticeExecution = isLogin ? 'A' : 'B';
  return { isLogin, execution, storageKey: popupStorageKey(isLogin) };
}

/**
 * The notices of the audience in the current language (spec §4 "announcements load after a language change or
 * login": both are in the query key, so either loads them again). Marquee, popup and bell share this one query.
 */
export function useNotices() {
  const { code: language } = useLanguage();
  const audience = useNoticeAudience();
  const query = useQuery({
    queryKey: noticesQueryKeys.notices(language, audience.isLogin ? 'member' : 'guest', audience.execution),
    queryFn: ({ signal }) => getNotices(audience.execution, language, signal),
  });
  const lists = useMemo<NoticeLists | null>(() => (query.data ? noticeLists(query.data) : null), [query.data]);
  return { query, lists, audience };
}
