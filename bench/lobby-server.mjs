#!/usr/bin/env node
// A server process for bench/lobby.mjs, so the load generator never shares an event loop with the server it measures.
//   node --import tsx bench/lobby-server.mjs platform   the platform on embedded PGlite (BENCH_DATABASE_URL: PostgreSQL),
//                                                        with a bench merchant of GAMES games across VENDORS vendors
//   node --import tsx bench/lobby-server.mjs bare FILE  a bare Fastify route answering FILE's bytes as JSON
// Prints one line `READY <port>` on stdout when it listens.
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import { buildApp, loadEnv, openPglite, openPostgres } from '@platform/server';

const GAMES = Number(process.env.GAMES ?? 10_000);
const VENDORS = Number(process.env.VENDORS ?? 60);
const TYPES = ['LIVE', 'RNG', 'FISH', 'PVP', 'SPORTS', 'LOTT'];
const CLASSIFY = {
  LIVE: 'LIVE_TABLE',
  RNG: 'SLOT',
  FISH: 'FISHING',
  PVP: 'CARD',
  SPORTS: 'SPORTSBOOK',
  LOTT: 'LOTTERY',
};

/** A second merchant holding exactly the bench catalogue, reached through its own host. */
const seedBenchMerchant = async (db) => {
  // A copy of the demo merchant's settings under another code (every column but the identity ones).
  const columns = (
    await db.query(
      `SELECT column_name FROM information_schema.columns
       WHERE table_schema = current_schema() AND table_name = 'merchants'
         AND column_name NOT IN ('id', 'code', 'name') AND is_generated = 'NEVER'`,
    )
  ).rows.map((row) => row.column_name);
  const { rows } = await db.query(
    `INSERT INTO merchants (code, name, ${columns.join(', ')})
     SELECT 'bench', 'Bench', ${columns.join(', ')} FROM merchants WHERE code = 'demo' RETURNING id`,
  );
  const merchantId = rows[0].id;
  await db.query(
    `INSERT INTO merchant_languages (merchant_id, code, locale, label, sort)
     SELECT $1, code, locale, label, sort FROM merchant_languages WHERE merchant_id = (SELECT id FROM merchants WHERE code = 'demo')`,
    [merchantId],
  );
  const vendors = Array.from({ length: VENDORS }, (_, i) => ({
    code: `BV${String(i).padStart(2, '0')}`,
    type: TYPES[i % TYPES.length],
  }));
  for (const [sort, vendor] of vendors.entries()) {
    await db.query(
      `INSERT INTO game_vendors (merchant_id, code, display_name, logo_url, sort) VALUES ($1, $2, $3, $4, $5)`,
      [merchantId, vendor.code, `Bench vendor ${sort}`, `/wps/game/art/logo/${vendor.code}`, sort],
    );
    await db.query(
      `INSERT INTO game_vendor_types (merchant_id, vendor_code, game_type, large_icon_url, sort) VALUES ($1, $2, $3, $4, $5)`,
      [merchantId, vendor.code, vendor.type, `/wps/game/art/vendor/${vendor.code}`, sort],
    );
  }
  await db.query(
    `INSERT INTO games (merchant_id, vendor_code, game_type, game_code, names, game_classify, icon_url, is_hot, is_new,
       free_trial, min_bet_minor, min_line_num, sort, search_text)
     SELECT $1, v.code, v.type, 'G' || g, jsonb_build_object('EN', 'Bench Game ' || g, 'TY', 'Laro ' || g),
       v.classify, '/wps/game/art/game/BG' || g, g % 37 = 0, g % 53 = 0, g % 3 = 0, (g % 10 + 1) * 10, g % 50, g,
       lower('bench game ' || g || ' laro ' || g || ' g' || g)
     FROM generate_series(0, $2 - 1) AS g
     JOIN unnest($3::text[], $4::text[], $5::text[]) WITH ORDINALITY AS v(code, type, classify, n)
       ON v.n = g % $6 + 1`,
    [
      merchantId,
      GAMES,
      vendors.map((v) => v.code),
      vendors.map((v) => v.type),
      vendors.map((v) => CLASSIFY[v.type]),
      VENDORS,
    ],
  );
  // The bench merchant takes over the loopback hosts, so the load generator reaches it without a Host header.
  await db.query("UPDATE merchant_domains SET merchant_id = $1 WHERE host IN ('127.0.0.1', 'localhost')", [merchantId]);
  await db.query('ANALYZE');
};

const listen = async (app) => {
  await app.listen({ host: '127.0.0.1', port: 0 });
  console.log(`READY ${app.server.address().port}`);
};

const main = async () => {
  const [mode, file] = process.argv.slice(2);
  if (mode === 'bare') {
    const body = readFileSync(file, 'utf8');
    const bare = Fastify();
    bare.get('/bare', (_request, reply) => reply.type('application/json; charset=utf-8').send(body));
    process.on('SIGTERM', () => process.exit(0));
    await listen(bare);
    return;
  }
  const url = process.env.BENCH_DATABASE_URL;
  const db = url ? await openPostgres({ url, schema: `bench_lobby_${process.pid}` }) : await openPglite();
  // Any other host reaches the bench merchant too.
  // Not production: that refuses to start without its secrets and seeds no demo data (ADR 0016).
  const env = loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '/nonexistent',
    DEFAULT_MERCHANT_CODE: 'bench',
  });
  const app = await buildApp({ env, db, logger: false });
  await seedBenchMerchant(db);
  const stop = async () => {
    await app.close();
    if (url) await db.query(`DROP SCHEMA bench_lobby_${process.pid} CASCADE`).catch(() => undefined);
    await db.close();
    process.exit(0);
  };
  process.on('SIGTERM', stop);
  await listen(app);
};

await main();
