import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { OPS_API, StaffLoginResponseSchema } from '@platform/contracts';
import { manualClock } from '../../../lib/clock';
import { describeEachDatabase } from '../../../test/databases';
import { freshIp } from '../../../test/identity-helpers';
import { createStaff, signInStaff, staffPost, totpCode } from '../../../test/staff-helpers';
import { buildTestApp } from '../../../test/test-app';
import { STAFF_SIGN_IN_RULES } from './staff-throttle';

const STEP_MS = 30_000;
const WRONG = 'Wrong#password1';

/** Staff sign-in throttles (ADR 0018): failures slow the address that made them, never lock the staff member out. */
describeEachDatabase('staff sign-in throttles', (getDb) => {
  let app: FastifyInstance;
  const time = manualClock();

  beforeAll(async () => {
    app = await buildTestApp({ db: getDb(), seams: { now: time.now } });
  });
  afterAll(async () => {
    await app.close();
  });

  const login = (username: string, password: string, ip: string) =>
    staffPost(app, OPS_API.auth.login, { username, password }, ip);
  const hashes = () => app.metrics.passwordHashes;
  /** Moves to the next TOTP step, so an account may sign in again with a fresh code. */
  const nextStep = () => time.advance(STEP_MS);

  it('should not let a stranger who knows a staff username keep that staff member out', async () => {
    const cashier = await createStaff(app, 'cashier');
    const stranger = freshIp();
    const before = hashes();
    // The stranger guesses on and on: five failures, then a wait for that address only, however often it retries.
    for (let i = 1; i <= 5; i += 1) {
      expect((await login(cashier.username, WRONG, stranger)).json().code, `guess ${i}`).toBe('INVALID_CREDENTIALS');
    }
    for (let i = 0; i < 10; i += 1) {
      const refused = await login(cashier.username, WRONG, stranger);
      expect([refused.statusCode, refused.json().code]).toEqual([429, 'TOO_MANY_ATTEMPTS']);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(hashes() - before).toBe(5);
    // Meanwhile the cashier, at the desk, signs in with the password and a TOTP code, again and again.
    for (let round = 0; round < 3; round += 1) {
      nextStep();
      expect(await signInStaff(app, cashier, undefined, freshIp())).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect((await login(cashier.username, WRONG, stranger)).json().code).toBe('TOO_MANY_ATTEMPTS');
    }
    // The stranger's address gets one more guess every three minutes: a delay, not a lock it can renew on anyone else.
    time.advance(STAFF_SIGN_IN_RULES.pair.periodMs / STAFF_SIGN_IN_RULES.pair.limit);
    expect((await login(cashier.username, WRONG, stranger)).json().code).toBe('INVALID_CREDENTIALS');
  });

  it('should keep signing a staff member in from a known address while guesses from many addresses fill the ceiling', async () => {
    const finance = await createStaff(app, 'finance');
    const desk = freshIp();
    nextStep();
    await signInStaff(app, finance, undefined, desk);
    // A guesser spread over as many addresses as the account ceiling allows failures.
    for (let i = 0; i < STAFF_SIGN_IN_RULES.account.limit; i += 1) {
      expect((await login(finance.username, WRONG, freshIp())).json().code).toBe('INVALID_CREDENTIALS');
    }
    const before = hashes();
    const newAddress = await login(finance.username, WRONG, freshIp());
    expect([newAddress.statusCode, newAddress.json().code]).toEqual([429, 'TOO_MANY_ATTEMPTS']);
    expect(hashes()).toBe(before);
    // The desk, where the staff member signed in before, is held up only by its own failures: there were none.
    nextStep();
    expect(await signInStaff(app, finance, undefined, desk)).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('should throttle wrong codes by account and address, and let the staff member in from elsewhere', async () => {
    const support = await createStaff(app, 'support');
    const thief = freshIp();
    // Someone who has the password but not the authenticator.
    const res = await login(support.username, support.password, thief);
    const { challenge } = StaffLoginResponseSchema.parse(res.json().value);
    const right = totpCode(support.secret, time.now());
    const wrongCode = right === '000000' ? '999999' : '000000';
    for (let i = 1; i <= 4; i += 1) {
      const wrong = await staffPost(app, OPS_API.auth.mfa, { challenge, code: wrongCode }, thief);
      expect(wrong.json().code, `code ${i}`).toBe('INVALID_CREDENTIALS');
    }
    // The password step's unit was given back: four wrong codes and this one fill the pair's five.
    expect((await staffPost(app, OPS_API.auth.mfa, { challenge, code: wrongCode }, thief)).json().code).toBe(
      'INVALID_CREDENTIALS',
    );
    const held = await staffPost(app, OPS_API.auth.mfa, { challenge, code: right }, thief);
    expect([held.statusCode, held.json().code]).toEqual([429, 'TOO_MANY_ATTEMPTS']);
    nextStep();
    expect(await signInStaff(app, support, undefined, freshIp())).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('should cap failures per address across usernames before any password is hashed', async () => {
    const ip = freshIp();
    for (let i = 0; i < STAFF_SIGN_IN_RULES.ip.limit; i += 1) {
      expect((await login(`ghost_${i}`, WRONG, ip)).statusCode).toBe(401);
    }
    const before = hashes();
    const limited = await login('ghost_last', WRONG, ip);
    expect([limited.statusCode, limited.json().code]).toEqual([429, 'TOO_MANY_ATTEMPTS']);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(hashes()).toBe(before);
  });
});
