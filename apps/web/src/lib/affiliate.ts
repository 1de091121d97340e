import { session as sessionStore, type KeyValueStore } from './storage';

/**
 * The agent invitation code a visitor arrived with (`?affiliateCode=` or `?code=`, spec §4). Kept for the tab, since
 * /register redirects to / and visitors often register a few pages after landing; registration then sends it without
 * showing the affiliate field, unless its check fails.
 */
export const AFFILIATE_STORAGE_KEY = 'affiliateCode';
const MAX_CODE_LENGTH = 64;

export const affiliateCodeIn = (search: string): string | null => {
  const params = new URLSearchParams(search);
  const code = (params.get('affiliateCode') ?? params.get('code') ?? '').trim();
  return code !== '' && code.length <= MAX_CODE_LENGTH ? code : null;
};

/** A member's invite-friends code (`?referralCode=`, issue 21), kept for the tab the same way. */
export const REFERRAL_STORAGE_KEY = 'referralCode';

export const captureAffiliateCode = (search: string, store: KeyValueStore = sessionStore) => {
  const code = affiliateCodeIn(search);
  if (code) store.setItem(AFFILIATE_STORAGE_KEY, code);
  const referral = (new URLSearchParams(search).get('referralCode') ?? '').trim();
  if (referral !== '' && referral.length <= MAX_CODE_LENGTH) store.setItem(REFERRAL_STORAGE_KEY, referral);
};

export const readReferralCode = (store: KeyValueStore = sessionStore): string | null =>
  store.getItem(REFERRAL_STORAGE_KEY) || null;

export const readAffiliateCode = (store: KeyValueStore = sessionStore): string | null =>
  store.getItem(AFFILIATE_STORAGE_KEY) || null;
