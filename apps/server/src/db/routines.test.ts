import { expect, it } from 'vitest';
import { describeEachDatabase } from '../test/databases';
import { migrate, platformMigrator } from './migrate';

/** `CREATE OR REPLACE FUNCTION name(` … `AS $$body$$;`: the name and body of every function a routine file defines. */
const FUNCTION_DEFINITION = /CREATE OR REPLACE FUNCTION (\w+)\([\s\S]*?\$\$([\s\S]*?)\$\$;/g;

const definedFunctions = (): Map<string, string> => {
  const functions = new Map<string, string>();
  for (const routine of platformMigrator.routines()) {
    for (const [, name, body] of routine.sql.matchAll(FUNCTION_DEFINITION)) {
      if (name === undefined || body === undefined) continue;
      expect(functions.has(name), `${name} is defined in two routine files`).toBe(false);
      functions.set(name, body);
    }
  }
  return functions;
};

// DESIGN.md §2: the money core's SQL functions live in modules/<name>/sql/ as their current definitions; the database
// must run exactly that text, not a version some migration left behind.
describeEachDatabase('money core SQL functions', (getDb) => {
  it('should run, after boot, the ledger and seamless function bodies that the sql/ files hold', async () => {
    await migrate(getDb());
    const files = definedFunctions();
    expect([...files.keys()].sort()).toEqual(
      expect.arrayContaining(['ledger_post', 'ledger_post_one', 'ledger_post_single_batch', 'seamless_call']),
    );
    const { rows } = await getDb().query<{ name: string; body: string }>(
      `SELECT p.proname AS name, p.prosrc AS body FROM pg_proc p
       WHERE p.pronamespace = (SELECT oid FROM pg_namespace WHERE nspname = current_schema())
         AND (p.proname LIKE 'ledger\\_%' OR p.proname LIKE 'seamless\\_%')`,
    );
    const database = new Map(rows.map((row) => [row.name, row.body]));
    // Every ledger and seamless function in the database comes from a file, and runs the file's text.
    const moneyCore = [...files.keys()].filter((name) => /^(ledger|seamless)_/.test(name));
    expect([...database.keys()].sort()).toEqual(moneyCore.sort());
    for (const name of moneyCore) expect(database.get(name), name).toBe(files.get(name));
  });

  it('should reapply a routine whose recorded checksum no longer matches its file', async () => {
    await migrate(getDb());
    const [first] = platformMigrator.routines();
    if (first === undefined) throw new Error('no routine files');
    await getDb().query('UPDATE schema_migrations_routines SET checksum = $1 WHERE name = $2', ['stale', first.name]);
    expect(await migrate(getDb())).toEqual([first.name]);
    expect(await migrate(getDb())).toEqual([]);
  });
});
