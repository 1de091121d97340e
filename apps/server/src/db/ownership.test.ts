import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadMigrations } from './migrate';

const SRC = fileURLToPath(new URL('../', import.meta.url));
const ARCHITECTURE = fileURLToPath(new URL('../../../../docs/architecture.md', import.meta.url));
const MODULES = join(SRC, 'modules');

/** Every module's folder by module name: modules sit in domain folders, `modules/<domain>/<module>/` (ADR 0027). */
const moduleDirs = (): Map<string, string> =>
  new Map(
    readdirSync(MODULES, { withFileTypes: true })
      .filter((domain) => domain.isDirectory())
      .flatMap((domain) =>
        readdirSync(join(MODULES, domain.name), { withFileTypes: true })
          .filter((module) => module.isDirectory())
          .map((module): [string, string] => [module.name, join(MODULES, domain.name, module.name)]),
      ),
  );

/** The "Tables and their owners" table of docs/architecture.md: table name → owning module. */
const documentedOwners = (): Map<string, string> => {
  const text = readFileSync(ARCHITECTURE, 'utf8');
  const section = text.split('## Tables and their owners')[1]?.split('\n## ')[0] ?? '';
  const owners = new Map<string, string>();
  let module = '';
  for (const line of section.split('\n').filter((l) => l.startsWith('|'))) {
    const [, first = '', second = ''] = line.split('|').map((cell) => cell.trim());
    const named = /^`([a-z-]+)`$/.exec(first)?.[1];
    if (named !== undefined) module = named;
    for (const [, table] of second.matchAll(/`([a-z_]+)`/g)) {
      if (table === undefined) continue;
      if (owners.has(table)) throw new Error(`${table} has two owners in docs/architecture.md`);
      owners.set(table, module);
    }
  }
  return owners;
};

/**
 * The "Read-only views" table of docs/architecture.md: view name → owning module. A view is the owner's published read
 * (DESIGN.md §2): other modules may select from it, never write it.
 */
const documentedViews = (): Map<string, string> => {
  const text = readFileSync(ARCHITECTURE, 'utf8');
  const section = text.split('## Read-only views')[1]?.split('\n## ')[0] ?? '';
  const views = new Map<string, string>();
  for (const line of section.split('\n').filter((l) => l.startsWith('|'))) {
    const [, first = '', second = ''] = line.split('|').map((cell) => cell.trim());
    const view = /^`([a-z_]+)`$/.exec(first)?.[1];
    const owner = /^`([a-z-]+)`$/.exec(second)?.[1];
    if (view !== undefined && owner !== undefined) views.set(view, owner);
  }
  return views;
};

/** Views created by each module's `sql/` files: view name → module. */
const createdViews = (): Map<string, string> => {
  const created = new Map<string, string>();
  for (const [module, dir] of moduleDirs()) {
    for (const file of moduleFiles(dir).filter((f) => f.endsWith('.sql'))) {
      for (const [, view] of readFileSync(file, 'utf8').matchAll(/CREATE (?:OR REPLACE )?VIEW ([a-z_]+)/g)) {
        if (view !== undefined) created.set(view, module);
      }
    }
  }
  return created;
};

const createdTables = (): string[] =>
  loadMigrations().flatMap((m) =>
    [...m.sql.matchAll(/CREATE TABLE (?:IF NOT EXISTS )?([a-z_]+)/g)].map((r) => r[1] ?? ''),
  );

/** A module's code: its TypeScript outside tests and test harnesses, and its SQL routines. */
const moduleFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return moduleFiles(path);
    const harness = /\.test\.ts$|test-support|-fixture\./.test(entry.name);
    return !harness && /\.(ts|sql)$/.test(entry.name) ? [path] : [];
  });

const SQL_TABLE = /\b(FROM|JOIN|INTO|UPDATE|TABLE)\s+([a-z_][a-z0-9_]*)\b/g;

/**
 * `module → table` for every table a module's code names that another module owns, and for every write into another
 * module's view. Selecting from another module's documented view is the published way to read across a boundary.
 */
const crossModuleUses = (owners: Map<string, string>, views: Map<string, string>): string[] => {
  const uses = new Set<string>();
  for (const [module, dir] of moduleDirs()) {
    for (const file of moduleFiles(dir)) {
      for (const [, keyword, name] of readFileSync(file, 'utf8').matchAll(SQL_TABLE)) {
        if (name === undefined) continue;
        const owner = owners.get(name);
        if (owner !== undefined && owner !== module) uses.add(`${module} → ${name}`);
        const viewOwner = views.get(name);
        const reads = keyword === 'FROM' || keyword === 'JOIN';
        if (viewOwner !== undefined && viewOwner !== module && !reads) uses.add(`${module} → ${name} (write)`);
      }
    }
  }
  return [...uses].sort();
};

describe('table ownership (docs/architecture.md)', () => {
  it('should name one owning module for every table a migration creates, and only existing modules', () => {
    const owners = documentedOwners();
    expect([...new Set(createdTables())].filter((table) => !owners.has(table))).toEqual([]);
    expect([...owners.keys()].filter((table) => !createdTables().includes(table))).toEqual([]);
    const modules = new Set(moduleDirs().keys());
    expect([...new Set(owners.values())].filter((module) => !modules.has(module))).toEqual([]);
  });

  it("should find no module querying another module's table, nor writing another module's view", () => {
    // A module reads another's data through the owner's index.ts or a documented read-only view (DESIGN.md §2).
    expect(crossModuleUses(documentedOwners(), documentedViews())).toEqual([]);
  });

  it('should document every read-only view with the module whose sql/ files create it', () => {
    const documented = documentedViews();
    const created = createdViews();
    expect(Object.fromEntries(created)).toEqual(Object.fromEntries(documented));
    // A view never shares a name with a table.
    expect([...documented.keys()].filter((view) => documentedOwners().has(view))).toEqual([]);
  });
});
