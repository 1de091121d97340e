import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { API, OPS_API, type GameList } from '@platform/contracts';
import { startPlatform, type Platform } from './support/platform';
import { apiLogin } from './support/session';

/**
 * Issue 16: no session token reaches a log. The platform and the RGS each write info-level JSON lines (every request
 * Fastify logs, with its URL) to a stream of their own, as two processes would, through a launch, the game page's
 * load and session swap, a debit and a credit, a logout and a refused debit. Then no line holds the platform session
 * token, the game session token of the launch, or the RGS page session token.
 */
type Envelope<T> = { success: boolean; value: T; code?: string; message?: string };

const capture = () => {
  const stream = new PassThrough();
  const chunks: string[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk.toString('utf8')));
  return { stream, text: () => chunks.join('') };
};

describe('log lines through a game session', () => {
  const platformLog = capture();
  const rgsLog = capture();
  let platform: Platform;

  beforeAll(async () => {
    platform = await startPlatform({
      template: inject('platformTemplate'),
      rgs: true,
      logs: { platform: platformLog.stream, rgs: rgsLog.stream },
    });
  });
  afterAll(async () => {
    await platform?.stop();
  });

  const json = async <T>(path: string, init: RequestInit = {}): Promise<Envelope<T> & { status: number }> => {
    const response = await fetch(`${platform.baseUrl}${path}`, init);
    return { status: response.status, ...((await response.json()) as Envelope<T>) };
  };
  const post = <T>(path: string, body: unknown, token: string) =>
    json<T>(path, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('should keep the platform, game and page session tokens out of both logs', async () => {
    const funded = await platform.staff('POST', OPS_API.adjustments, {
      ...{ username: 'demo_member', direction: 'CREDIT', amount: '50.00' },
      ...{ reason: 'log test funding', requestId: 'e2e-log-secrets-fund' },
    });
    expect(funded.status).toBe(200);
    const token = await apiLogin(platform.baseUrl, 'demo_member', 'Demo#2026');
    const games = await json<GameList>(`${API.game.games}?vassalage=RGS&pageSize=50`);
    const dice = games.value.games.find((game) => game.gameCode === 'rgs-dice');
    if (dice === undefined) throw new Error('no rgs-dice in the lobby');
    const launched = await post<{ url: string }>(API.game.launch, { nodeId: dice.nodeId }, token);
    expect(launched.status).toBe(200);
    const launchUrl = new URL(launched.value.url, platform.baseUrl);
    const gameToken = launchUrl.searchParams.get('token') ?? '';
    expect(gameToken).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // The browser loads the game page with the launch query; the page swaps it for a page session.
    expect((await fetch(launchUrl)).status).toBe(200);
    const swap = Object.fromEntries(launchUrl.searchParams);
    const swapped = await json<{ session: string }>('/rgs/v1/sessions', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...swap, game: 'rgs-dice' }),
    });
    expect(swapped.status, swapped.message).toBe(201);
    const pageToken = swapped.value.session;
    const roll = { amount: '1.00', target: 5000, over: true };
    expect((await post('/rgs/v1/dice/roll', roll, pageToken)).status).toBe(200);

    const logout = await fetch(`${platform.baseUrl}${API.session.logout}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(logout.status).toBe(200);
    // The platform refuses the game's next debit: the game session ended with the player's session.
    const refused = await post('/rgs/v1/dice/roll', roll, pageToken);
    expect([refused.status, refused.code]).toEqual([401, 'SESSION_EXPIRED']);

    const platformText = platformLog.text();
    const rgsText = rgsLog.text();
    // The requests were logged (so the test reads real lines): the RGS's page load, the platform's debit and credit.
    expect(rgsText).toContain('/rgs/play/rgs-dice?');
    expect(platformText).toContain('/wps/seamless/v1/debit');
    expect(platformText).toContain('/wps/seamless/v1/credit');
    for (const secret of [token, gameToken, pageToken]) {
      expect(platformText).not.toContain(secret);
      expect(rgsText).not.toContain(secret);
    }
  });
});
