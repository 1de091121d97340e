import { API, type FreePlayRequest, type LoginResponse } from '@platform/contracts';
import { sealedRequest } from '@/lib/sealed-request';

const randomString = (): string =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');

/** A short operating-system label for the server's records (spec §7 free play: os, platform W). */
const osOf = (userAgent: string): string => {
  if (/android/i.test(userAgent)) return 'Android';
  if (/iphone|ipad|ipod/i.test(userAgent)) return 'iOS';
  if (/windows/i.test(userAgent)) return 'Windows';
  if (/mac os/i.test(userAgent)) return 'macOS';
  if (/linux/i.test(userAgent)) return 'Linux';
  return 'Other';
};

/** POST /wps/session/login/freeplay (spec §7, sealed): a trial member and its session. */
export const freePlay = (): Promise<LoginResponse> => {
  const body: FreePlayRequest = {
    os: osOf(navigator.userAgent),
    platform: 'W',
    random: randomString(),
    gatewayVersion: 3,
  };
  return sealedRequest<LoginResponse>(API.session.freePlay, { method: 'POST', body });
};
