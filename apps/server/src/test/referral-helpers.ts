import type { FastifyInstance } from 'fastify';
import { API } from '@platform/contracts';
import type { Database } from '../db/database';
import { createPlayStatsModule } from '../modules/games/play-stats';
import type { seedGames } from './agent-helpers';
import { insertRound } from './bets-helpers';
import { freshIp, latestSmsCode, sealed, solveCaptcha } from './identity-helpers';

let seq = 0;
const next = () => `${Date.now().toString(36)}${(seq += 1)}`;

/** A credited (PAID) deposit order of `memberId` created at `at` (what the deposit module writes on a gateway payment). */
export const creditedDeposit = async (
  db: Database,
  merchantId: number,
  memberId: bigint,
  amountMinor: bigint,
  at = new Date(),
) => {
  const { rows } = await db.query<{ id: string }>(
    'SELECT id::text FROM deposit_channels WHERE merchant_id = $1 ORDER BY id LIMIT 1',
    [merchantId],
  );
  await db.query(
    `INSERT INTO deposit_orders (merchant_id, order_no, member_id, channel_id, request_id, amount_minor, currency,
       status, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, 'USD', 'PAID', $7, $7::timestamptz + interval '30 minutes')`,
    [merchantId, `DREF${next().toUpperCase()}`, memberId, rows[0]!.id, `req-ref-${next()}`, amountMinor, at],
  );
};

/** A settled real-money round of the member with `betMinor` valid bet, taken into play statistics. */
export const playedRound = async (
  db: Database,
  games: Awaited<ReturnType<typeof seedGames>>,
  memberId: bigint,
  betMinor: bigint,
  settledAtMs = Date.now(),
) => {
  await insertRound(db, games.merchantId, {
    ...{ vendor: games.vendor, roundId: `ref-${next()}`, memberId, gameCode: games.slot },
    ...{ betMinor, winMinor: 0n, startedAtMs: settledAtMs - 1_000, settledAtMs },
  });
  await createPlayStatsModule({ db }).rollUp(undefined, 3 * 24 * 60);
};

/** Registers a new member through the real registration call (captcha and SMS code), with `extra` fields. */
export const registerWith = async (app: FastifyInstance, extra: Record<string, unknown>) => {
  const mobileNum = `917${String(1_000_000 + Math.floor(Math.random() * 8_999_999)).padStart(7, '0')}`;
  const sms = await app.inject({
    method: 'POST',
    url: API.verification.smsRegister,
    headers: { 'x-forwarded-for': freshIp() },
    payload: { mobileNo: mobileNum, countryDialingCode: '+63' },
  });
  if (sms.statusCode !== 200) throw new Error(sms.body);
  const code = await latestSmsCode(app, `+63${mobileNum}`);
  const username = `friend${next()}`.slice(0, 16);
  const res = await sealed(
    app,
    'PUT',
    API.member.register,
    {
      ...{ username, password: 'Str0ng#Pass', confirmPassword: 'Str0ng#Pass', mobileNum, countryDialingCode: '+63' },
      ...{ verificationCode: code, ...(await solveCaptcha(app)), acceptTerms: true },
      ...{ registerUrl: 'http://localhost:8080/register', registerMethod: 'WEB', ...extra },
    },
    { ip: freshIp() },
  );
  return { res, username };
};
