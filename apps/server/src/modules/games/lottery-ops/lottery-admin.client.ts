import { createHmac } from 'node:crypto';
import { SEAMLESS_HEADERS, seamlessSigningText } from '@platform/contracts';
import type { Queryable } from '../../../db/database';
import { AppError } from '../../../lib/app-error';
import type { Clock } from '../../../lib/clock';
import type { Merchant } from '../../platform/merchant';

/**
 * The platform's client of the RGS's lottery admin API (ADR 0048): `POST <api_url of vendor LOTT>/admin/v1/<action>`,
 * signed as every platform-to-vendor call is (HMAC-SHA256 of `${X-Timestamp}.${raw body}` with the merchant's shared
 * secret for LOTT). The RGS's refusals (a bad table, an issue already drawn) reach staff with their message; no answer
 * is VENDOR_UNAVAILABLE.
 */
export const LOTTERY_ADMIN_VENDOR = 'LOTT';
const TIMEOUT_MS = 10_000;

export type LotteryAdminClientDeps = {
  db: Queryable;
  now: Clock;
  vendorSecret: (merchantCode: string, vendorCode: string) => string | undefined;
  selfUrl: () => string | undefined;
  fetch?: typeof fetch;
};

const unavailable = (message: string) => new AppError('VENDOR_UNAVAILABLE', 502, message);
/** A site without the lottery vendor's address or secret: a setup to make, not a vendor failing to answer. */
const notConfigured = (message: string) => new AppError('LOTTERY_NOT_CONFIGURED', 409, message);

export const lotteryAdminClient = (deps: LotteryAdminClientDeps) => {
  const doFetch = deps.fetch ?? fetch;

  const baseOf = async (merchant: Merchant): Promise<string> => {
    const { rows } = await deps.db.query<{ apiUrl: string | null }>(
      'SELECT api_url AS "apiUrl" FROM vendor_directory WHERE merchant_id = $1 AND code = $2',
      [merchant.id, LOTTERY_ADMIN_VENDOR],
    );
    const apiUrl = rows[0]?.apiUrl ?? null;
    if (apiUrl === null) throw notConfigured('The lottery vendor has no API address');
    if (!apiUrl.startsWith('/')) return apiUrl.replace(/\/+$/, '');
    const self = deps.selfUrl();
    if (self === undefined) throw unavailable('The platform does not know its own address yet');
    return `${self.replace(/\/+$/, '')}${apiUrl}`.replace(/\/+$/, '');
  };

  /** One admin call as `staff` of `merchant`; the answer's value, unchecked (the route's response schema checks it). */
  const call = async (merchant: Merchant, staff: string, action: string, body: object = {}): Promise<unknown> => {
    const secret = deps.vendorSecret(merchant.code, LOTTERY_ADMIN_VENDOR);
    if (secret === undefined || secret === '') throw notConfigured('No shared secret for the lottery vendor');
    const raw = JSON.stringify({ ...body, staff });
    const timestamp = String(deps.now());
    let response: Response;
    try {
      response = await doFetch(`${await baseOf(merchant)}/admin/v1/${action}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [SEAMLESS_HEADERS.merchant]: merchant.code,
          [SEAMLESS_HEADERS.vendor]: LOTTERY_ADMIN_VENDOR,
          [SEAMLESS_HEADERS.timestamp]: timestamp,
          [SEAMLESS_HEADERS.signature]: createHmac('sha256', secret)
            .update(seamlessSigningText(timestamp, raw))
            .digest('hex'),
        },
        body: raw,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw unavailable('The lottery vendor did not answer');
    }
    let envelope: { success?: unknown; value?: unknown; code?: unknown; message?: unknown };
    try {
      envelope = (await response.json()) as typeof envelope;
    } catch {
      throw unavailable('The lottery vendor answered something else');
    }
    if (response.ok && envelope.success === true) return envelope.value;
    const message = typeof envelope.message === 'string' ? envelope.message.slice(0, 200) : 'Refused';
    if (response.status === 400) throw new AppError('VALIDATION_FAILED', 400, message);
    if (response.status === 404) throw new AppError('NOT_FOUND', 404, message);
    if (response.status === 409) throw new AppError('LOTTERY_STATE', 409, message);
    throw unavailable(`The lottery vendor refused the call (${response.status})`);
  };

  return { call };
};
export type LotteryAdminClient = ReturnType<typeof lotteryAdminClient>;
