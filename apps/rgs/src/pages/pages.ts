import type { FastifyInstance, FastifyReply } from 'fastify';
import { asLang, localeOf, translate, type Lang, type MessageKey } from '../client/i18n';
import { asTheme, type Theme } from '../client/theme';
import type { RGS_GAMES } from '../lib/games';
import { isGameCode } from '../lib/games';
import type { Json } from '../lib/json';
import { toRoundView, type Rounds, type RoundView } from '../rounds/rounds';
import { clientAsset, type ClientEntry } from './bundle';
import { pageHeaders } from './security-headers';

/**
 * Server-rendered pages: the game page shell (its script is the game's client bundle), the bundles themselves, and
 * the public replay page of a round with its verification data.
 */
const ENTRY_OF: Record<keyof typeof RGS_GAMES, ClientEntry> = {
  'rgs-lucky-lanterns': 'slot',
  'rgs-dice': 'dice',
  'rgs-mines': 'mines',
  'rgs-plinko': 'plinko',
  'rgs-crash': 'crash',
};

export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The page's language and theme (from the launch query, or a replay link's), for its first paint. */
type Look = { lang: Lang; theme: Theme };
const lookOf = (query: { lang?: string; theme?: string }): Look => ({
  lang: asLang(query.lang),
  theme: asTheme(query.theme),
});
const htmlTag = ({ lang, theme }: Look): string => `<html lang="${localeOf(lang)}" data-theme="${theme}">`;

const playPage = (gameCode: keyof typeof RGS_GAMES, look: Look): string => {
  const { lang } = look;
  const title = translate(lang, `game.${gameCode}` as MessageKey);
  return `<!doctype html>
${htmlTag(look)}
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)}</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="../assets/rgs.css">
</head>
<body data-game="${gameCode}">
<div id="app" class="app"><p class="boot">${escapeHtml(translate(lang, 'loading'))}</p></div>
<script type="module" src="../assets/${ENTRY_OF[gameCode]}.js"></script>
</body>
</html>`;
};

const fmtMultiplierE4 = (e4: number): string => `${(e4 / 10_000).toFixed(2)}x`;
const fmtMultiplierE2 = (e2: number): string => `${(e2 / 100).toFixed(2)}x`;

/** A few readable lines about the outcome, in the page's language; the full JSON follows on the page. */
const outcomeSummary = (round: RoundView, lang: Lang): string[] => {
  const t = (key: MessageKey, vars?: Record<string, string | number>) => translate(lang, key, vars);
  const outcome = (round.outcome ?? {}) as Record<string, Json>;
  switch (round.family) {
    case 'slot': {
      const spins = (outcome.spins ?? []) as { grid: string[][] }[];
      return spins.map((spin, index) => {
        const rows = [0, 1, 2].map((row) => spin.grid.map((reel) => reel[row]).join(' ')).join(' / ');
        return index === 0 ? t('summary.spin', { rows }) : t('summary.freeSpin', { number: index, rows });
      });
    }
    case 'dice':
      return [
        t('summary.dice', {
          roll: (Number(outcome.roll) / 100).toFixed(2),
          result: t(outcome.win ? 'summary.win' : 'summary.loss'),
        }),
      ];
    case 'mines':
      return [
        t('summary.mines', {
          mines:
            outcome.mines === undefined || outcome.mines === null
              ? t('summary.minesHidden')
              : JSON.stringify(outcome.mines),
          picks: JSON.stringify(outcome.picks ?? []),
        }),
        t('summary.multiplier', { multiplier: fmtMultiplierE4(Number(outcome.multiplierE4 ?? 0)) }),
      ];
    case 'plinko':
      return [
        t('summary.plinko', {
          path: ((outcome.path ?? []) as string[]).join(''),
          bucket: String(outcome.bucket),
          multiplier: fmtMultiplierE4(Number(outcome.multiplierE4 ?? 0)),
        }),
      ];
    case 'crash': {
      const cashout = outcome.cashoutE2 === null || outcome.cashoutE2 === undefined ? null : Number(outcome.cashoutE2);
      const crashE2 = round.crash?.crashE2 ?? null;
      return [
        t('summary.crashPoint', { point: crashE2 === null ? t('notRevealed') : fmtMultiplierE2(crashE2) }),
        cashout === null ? t('summary.noCashout') : t('summary.cashedOutAt', { multiplier: fmtMultiplierE2(cashout) }),
      ];
    }
    case 'lottery':
      // A lottery bet's issue, numbers and hits are in the outcome JSON the page shows below.
      return [];
  }
};

const replayPage = (round: RoundView, look: Look): string => {
  const { lang } = look;
  const t = (key: MessageKey, vars?: Record<string, string | number>) => escapeHtml(translate(lang, key, vars));
  const row = (label: string, value: string, testId?: string) =>
    `<tr><th>${label}</th><td${testId ? ` data-testid="${testId}"` : ''}><code>${escapeHtml(value)}</code></td></tr>`;
  const fairRows =
    round.fair === null
      ? ''
      : [
          row(t('serverSeedHash'), round.fair.serverSeedHash, 'server-seed-hash'),
          row(t('serverSeed'), round.fair.serverSeed ?? translate(lang, 'notRevealed'), 'server-seed'),
          row(t('clientSeed'), round.fair.clientSeed, 'client-seed'),
          row(t('nonce'), String(round.fair.nonce), 'nonce'),
        ].join('');
  const crashRows =
    round.crash === null
      ? ''
      : [
          row(t('round'), `#${round.crash.roundNo} (chain ${round.crash.chainId})`),
          row(t('roundHash'), round.crash.hash ?? translate(lang, 'notRevealed'), 'round-hash'),
          row(t('crashPoint'), round.crash.crashE2 === null ? '—' : fmtMultiplierE2(round.crash.crashE2)),
          row(t('terminatingHash'), round.crash.terminatingHash),
          row(t('salt'), round.crash.salt),
        ].join('');
  const verify =
    round.verifyUrl === null
      ? `<p class="muted">${t('notRevealed')}</p>`
      : `<p><a class="button" data-testid="verify-link" href="${escapeHtml(round.verifyUrl)}" target="_top">${t('verify')}</a></p>`;
  return `<!doctype html>
${htmlTag(look)}
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${t('replayTitle', { id: round.roundId })}</title><link rel="stylesheet" href="../assets/rgs.css"></head>
<body class="replay"><main class="card">
<h1>${t(`game.${round.game}` as MessageKey)} — ${t('replayTitle', { id: round.roundId })}</h1>
<table class="kv">
${row(t('time'), round.createdAt)}
${row(t('state'), round.state + (round.settlement === 'pending' ? ` (${translate(lang, 'pending')})` : ''), 'round-state')}
${row(t('bet'), `${round.bet} ${round.currency}`, 'round-bet')}
${row(t('win'), `${round.win} ${round.currency}`, 'round-win')}
${round.jackpotWin !== '0.00' ? row(t('jackpot'), `${round.jackpotWin} ${round.currency}`) : ''}
${fairRows}${crashRows}
</table>
<h2>${t('result')}</h2>
<ul>${outcomeSummary(round, lang)
    .map((line) => `<li>${escapeHtml(line)}</li>`)
    .join('')}</ul>
${verify}
<details><summary>${t('params')} / ${t('outcome')} (JSON)</summary>
<pre data-testid="round-params">${escapeHtml(JSON.stringify(round.params, null, 2))}</pre>
<pre data-testid="round-outcome">${escapeHtml(JSON.stringify(round.outcome, null, 2))}</pre></details>
</main></body></html>`;
};

const notFoundPage = (look: Look): string =>
  `<!doctype html>${htmlTag(look)}<head><meta charset="utf-8"><title>404</title>
<link rel="stylesheet" href="../assets/rgs.css"></head><body class="replay"><main class="card"><h1>${escapeHtml(
    translate(look.lang, 'replayNotFound'),
  )}</h1></main></body></html>`;

export const registerPages = (
  app: FastifyInstance,
  deps: { rounds: Rounds; verifierUrl: string; frameAncestors: readonly string[] },
): void => {
  const headers = pageHeaders(deps.frameAncestors);
  const sendHtml = (reply: FastifyReply, status: number, html: string): FastifyReply =>
    // frame-ancestors decides who may frame a page; the answers' X-Frame-Options: DENY would forbid every frame.
    reply.removeHeader('x-frame-options').code(status).headers(headers).type('text/html; charset=utf-8').send(html);

  app.get<{ Params: { gameCode: string }; Querystring: { lang?: string; theme?: string } }>(
    '/rgs/play/:gameCode',
    async (request, reply) => {
      const look = lookOf(request.query);
      if (!isGameCode(request.params.gameCode)) return sendHtml(reply, 404, notFoundPage(look));
      return sendHtml(reply, 200, playPage(request.params.gameCode, look));
    },
  );

  app.get<{ Params: { name: string } }>('/rgs/assets/:name', async (request, reply) => {
    const asset = await clientAsset(request.params.name);
    if (asset === undefined) return reply.code(404).type('text/plain').send('Not found');
    // Bundled once per process: a short cache keeps reloads fast without pinning an old bundle after a deploy.
    return reply.header('cache-control', 'public, max-age=300').type(asset.contentType).send(asset.body);
  });

  app.get<{ Params: { roundId: string }; Querystring: { lang?: string; theme?: string } }>(
    '/rgs/replay/:roundId',
    async (request, reply) => {
      const look = lookOf(request.query);
      if (!/^[a-z]+-[0-9a-f]{32}$/.test(request.params.roundId)) return sendHtml(reply, 404, notFoundPage(look));
      const row = await deps.rounds.detail(request.params.roundId);
      if (row === undefined || row.state === 'REFUSED' || row.state === 'DEBITING') {
        return sendHtml(reply, 404, notFoundPage(look));
      }
      return sendHtml(reply, 200, replayPage(toRoundView(row, deps.verifierUrl), look));
    },
  );
};
