import { RgsError } from '../lib/errors';
import type { CallOutcome } from './seamless-client';

type Refusal = Extract<CallOutcome, { kind: 'refused' }>;

/** Platform codes the game client knows by name; any other refusal is shown with the platform's message. */
const PASS_THROUGH: Record<string, { status: number; message: string }> = {
  INSUFFICIENT_FUNDS: { status: 402, message: 'Not enough funds for this bet' },
  SESSION_EXPIRED: { status: 401, message: 'Your game session has expired; open the game again from the lobby' },
  SESSION_INVALID: { status: 401, message: 'Your game session is not valid; open the game again from the lobby' },
  ACCOUNT_LOCKED: { status: 403, message: 'Your account is locked; contact customer service' },
  PLAYER_MISMATCH: { status: 403, message: 'This game link belongs to another player' },
  CURRENCY_MISMATCH: { status: 403, message: 'This game link was opened for another currency' },
};

/**
 * A definite refusal from the platform, as the player sees it: INSUFFICIENT_FUNDS carries the real balance
 * (value.balance) so the client can show it.
 */
export const refusalError = (refusal: Refusal, fallbackCode: string): RgsError => {
  const known = PASS_THROUGH[refusal.code];
  const value = { platformCode: refusal.code, ...(refusal.balance === undefined ? {} : { balance: refusal.balance }) };
  if (known !== undefined) return new RgsError(refusal.code, known.status, known.message, value);
  return new RgsError(fallbackCode, 409, `The casino refused: ${refusal.message}`, value);
};
