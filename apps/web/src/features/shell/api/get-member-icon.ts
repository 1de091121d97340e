import { API } from '@platform/contracts';
import { apiBlob } from '@/lib/api-client';

/** GET /wps/member/info/icon (spec §7, T): the avatar, fetched with the bearer token since an <img> cannot send it. */
export const getMemberIcon = (signal?: AbortSignal): Promise<Blob> => apiBlob(API.member.icon, signal);
