import { LAUNCH_LINK_TTL_MS } from '@platform/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../test/databases';
import { signedLaunchQuery, startHarness, type Harness } from '../test/harness';

describeEachDatabase('launch token swap', (getDb) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(getDb());
  });
  afterAll(async () => {
    await h.close();
  });

  const swap = (body: Record<string, unknown>) =>
    h.request<{ session: string; balance: string; wallet: string }>('POST', '/rgs/v1/sessions', undefined, body);
  /** The body the game page sends for a launch link the platform signed. */
  const signed = (
    token: string,
    player: string,
    game = 'rgs-dice',
    extra: Parameters<typeof signedLaunchQuery>[0] = {
      token,
      player,
    },
  ) => ({ ...signedLaunchQuery({ ...extra, token, player }, h.now()), game });

  it('should swap a launch token for a page session after the platform confirmed it, showing the balance', async () => {
    const token = h.platform.issueSession('Pswap1', '42.50');
    const answer = await swap(signed(token, 'Pswap1'));
    expect(answer.status).toBe(201);
    expect(answer.body.value.balance).toBe('42.50');
    const balanceCalls = h.platform.calls.filter((call) => call.op === 'balance' && call.body.sessionToken === token);
    expect(balanceCalls).toHaveLength(1);
    // The page session is a new secret, not the launch token.
    expect(answer.body.value.session).not.toBe(token);
    const session = await h.request<{ player: string; balance: string }>(
      'GET',
      '/rgs/v1/session',
      answer.body.value.session,
    );
    expect(session.status).toBe(200);
    expect(session.body.value).toMatchObject({ player: 'Pswap1', balance: '42.50' });
  });

  it('should refuse a second use of the same launch token', async () => {
    const token = h.platform.issueSession('Pswap2', '10.00');
    const body = signed(token, 'Pswap2');
    expect((await swap(body)).status).toBe(201);
    const again = await swap(body);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('LAUNCH_TOKEN_USED');
  });

  it('should refuse a launch token the platform does not know, with its code', async () => {
    const answer = await swap(signed('x'.repeat(43), 'Pswap3'));
    expect(answer.status).toBe(401);
    expect(answer.body.code).toBe('SESSION_INVALID');
  });

  it('should refuse an operator it has no secret for, and a game it does not serve', async () => {
    const token = h.platform.issueSession('Pswap4', '10.00');
    const unknownOperator = await swap({ ...signed(token, 'Pswap4'), op: 'other' });
    expect(unknownOperator.status).toBe(400);
    expect(unknownOperator.body.code).toBe('OPERATOR_UNKNOWN');
    const unknownGame = await swap(signed(token, 'Pswap4', 'rgs-poker'));
    expect(unknownGame.status).toBe(400);
    expect(unknownGame.body.code).toBe('VALIDATION_FAILED');
  });

  it('should let a launch token be used again when the platform did not answer the check', async () => {
    const token = h.platform.issueSession('Pswap5', '10.00');
    const body = signed(token, 'Pswap5');
    h.platform.failNext('balance', 'fail');
    const failed = await swap(body);
    expect(failed.status).toBe(503);
    expect(failed.body.code).toBe('PLATFORM_UNAVAILABLE');
    expect((await swap(body)).status).toBe(201);
  });

  it('should refuse a launch link whose mode, wallet, currency or player was edited, and keep the token usable', async () => {
    const token = h.platform.issueSession('Pswap7', '10.00');
    const genuine = signed(token, 'Pswap7');
    const edits = [
      { mode: 'play' },
      { wallet: 'transfer' },
      { currency: 'USD' },
      { player: 'Pswap8' },
      { exp: String(Number(genuine.exp) + 60 * 60_000) },
      { sig: genuine.sig.replace(/^./, (c) => (c === '0' ? '1' : '0')) },
    ];
    for (const edit of edits) {
      const answer = await swap({ ...genuine, ...edit });
      expect(answer.status, JSON.stringify(edit)).toBe(401);
      expect(answer.body.code).toBe('LAUNCH_SIGNATURE_INVALID');
    }
    // A link signed with another secret is not the platform's either.
    const forged = {
      ...signedLaunchQuery({ token, player: 'Pswap7' }, h.now(), 'not-the-shared-secret'),
      game: 'rgs-dice',
    };
    expect((await swap(forged)).body.code).toBe('LAUNCH_SIGNATURE_INVALID');
    // Nothing reached the platform, and the launch token was not spent: the link as issued still opens the game.
    expect(h.platform.calls.filter((call) => call.body.sessionToken === token)).toHaveLength(0);
    const answer = await swap(genuine);
    expect(answer.status).toBe(201);
    expect(answer.body.value.balance).toBe('10.00');
  });

  it('should take a launch link with the player theme, signed like the rest of the query', async () => {
    const token = h.platform.issueSession('Pswap6', '4.00');
    const light = signed(token, 'Pswap6', 'rgs-dice', { token, player: 'Pswap6', theme: 'light' });
    expect(light.theme).toBe('light');
    const { theme: _dropped, ...withoutTheme } = light;
    for (const edited of [{ ...light, theme: 'dark' }, withoutTheme]) {
      expect((await swap(edited)).body.code).toBe('LAUNCH_SIGNATURE_INVALID');
    }
    expect((await swap({ ...light, theme: 'neon' })).body.code).toBe('VALIDATION_FAILED');
    const answer = await swap(light);
    expect(answer.status).toBe(201);
    expect(answer.body.value.balance).toBe('4.00');
  });

  it('should refuse a launch link after it expired', async () => {
    const token = h.platform.issueSession('Pswap9', '10.00');
    const issuedAt = h.now() - LAUNCH_LINK_TTL_MS - 1;
    const expired = await swap({ ...signedLaunchQuery({ token, player: 'Pswap9' }, issuedAt), game: 'rgs-dice' });
    expect(expired.status).toBe(401);
    expect(expired.body.code).toBe('LAUNCH_EXPIRED');
    expect(h.platform.calls.filter((call) => call.body.sessionToken === token)).toHaveLength(0);
  });

  it('should open a transfer-mode session on the RGS-held wallet without asking the platform, once', async () => {
    const token = h.platform.issueSession('Pswap10', '99.00');
    const body = signed(token, 'Pswap10', 'rgs-dice', { token, player: 'Pswap10', wallet: 'transfer' });
    const answer = await swap(body);
    expect(answer.status).toBe(201);
    // The platform's figure (99.00) is not this wallet: a player nobody transferred to has 0.00 here.
    expect(answer.body.value).toMatchObject({ balance: '0.00', wallet: 'transfer' });
    expect(h.platform.calls.filter((call) => call.body.sessionToken === token)).toHaveLength(0);
    expect((await swap(body)).body.code).toBe('LAUNCH_TOKEN_USED');
    const session = await h.request<{ wallet: string; balance: string }>(
      'GET',
      '/rgs/v1/session',
      answer.body.value.session,
    );
    expect(session.body.value).toMatchObject({ wallet: 'transfer', balance: '0.00' });
  });

  it('should refuse play money on a transfer wallet, even when the platform signed it', async () => {
    const token = h.platform.issueSession('Pswap11', '10.00');
    const answer = await swap(
      signed(token, 'Pswap11', 'rgs-dice', { token, player: 'Pswap11', wallet: 'transfer', mode: 'play' }),
    );
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('VALIDATION_FAILED');
  });

  it('should refuse game calls without a page session, and with a session of another game', async () => {
    const none = await h.request('POST', '/rgs/v1/dice/roll', undefined, { amount: '1.00', target: 5000, over: true });
    expect(none.status).toBe(401);
    expect(none.body.code).toBe('AUTH_REQUIRED');
    const { session } = await h.launch('rgs-plinko', { playerId: 'Pswap6' });
    const wrong = await h.request('POST', '/rgs/v1/dice/roll', session, { amount: '1.00', target: 5000, over: true });
    expect(wrong.status).toBe(403);
    expect(h.platform.calls.filter((call) => call.op === 'debit' && call.body.playerId === 'Pswap6')).toHaveLength(0);
  });

  it('should sign every call it makes (the fake platform checks the signature and refuses others)', async () => {
    expect(h.platform.calls.length).toBeGreaterThan(0);
    expect(h.platform.calls.every((call) => call.status !== 401 || call.body.sessionToken === 'x'.repeat(43))).toBe(
      true,
    );
  });
});
