import type { z } from 'zod';

/**
 * Bad inputs generated from a route's zod schema (the input fuzz test): a sample that the schema accepts as far as a
 * small list of candidates can make it, and one mutation per field and kind of bad value. Schemas are read through
 * zod 4's public definition (`_zod.def`), which is what its own JSON-schema generator reads.
 */

export type FieldKind = 'string' | 'money' | 'number' | 'choice' | 'boolean' | 'container';
export type Field = { path: readonly (string | number)[]; kind: FieldKind; required: boolean };
export type Mutation = { label: string; value: unknown; path: readonly (string | number)[] | 'drop' };

type Def = { type: string; [key: string]: unknown };
const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Just under the body limit, so the 1 MB string reaches validation instead of the parser's 413. */
export const HUGE_TEXT = 'a'.repeat(1024 * 1024 - 4096);

const STRING_CANDIDATES = [
  'a',
  'abc',
  '1',
  '10.00',
  'Tester#2026ab',
  'tester01',
  'test@example.com',
  '2026-01-01',
  '2026-01-01T00:00:00.000Z',
  'en',
  'PH',
  '+63',
  '9171234567',
  'D12345678',
  'W1234567890',
  'DEMO',
  'RGS',
  'https://example.com/a.png',
  '#ffffff',
  '123456',
  'abcdefghijklmnopqrstuvwx',
  '00000000-0000-4000-8000-000000000000',
  '/banners/a.svg',
  '203.0.113.0/24',
  '2030-01-01T00:00:00.000Z',
];
const NUMBER_CANDIDATES = [1, 10, 0, 100, 2026];
const MONEY_NAME = /amount|threshold|^min|^max|limit|balance|money|fee/i;

const MAX_DEPTH = 8;

/** The first candidate `schema` accepts, else the first one. */
const pick = <T>(schema: z.ZodType, candidates: readonly T[]): T =>
  candidates.find((value) => schema.safeParse(value).success) ?? (candidates[0] as T);

type Walk = { fields: Field[] };

const build = (
  schema: z.ZodType,
  outer: z.ZodType,
  path: (string | number)[],
  required: boolean,
  walk: Walk,
  depth: number,
): unknown => {
  const def = defOf(schema);
  const key = String(path[path.length - 1] ?? '');
  const inner = (name: string) => def[name] as z.ZodType;
  switch (def.type) {
    case 'optional':
    case 'default':
    case 'prefault':
    case 'catch':
      return build(inner('innerType'), outer, path, false, walk, depth);
    case 'nullable':
    case 'readonly':
    case 'nonoptional':
      return build(inner('innerType'), outer, path, required, walk, depth);
    case 'pipe': {
      const into = defOf(inner('in')).type;
      // z.preprocess: the transform runs first, so the shape is the pipe's output.
      if (into === 'transform') return build(inner('out'), outer, path, required, walk, depth);
      // A string that a transform turns into something else is, in this contract, almost always an amount.
      if (into === 'string' && defOf(inner('out')).type === 'transform') {
        walk.fields.push({ path, kind: 'money', required });
        return pick(outer, ['10.00', '1', ...STRING_CANDIDATES]);
      }
      return build(inner('in'), outer, path, required, walk, depth);
    }
    case 'string':
      walk.fields.push({ path, kind: MONEY_NAME.test(key) ? 'money' : 'string', required });
      return pick(outer, MONEY_NAME.test(key) ? ['10.00', ...STRING_CANDIDATES] : STRING_CANDIDATES);
    case 'number':
    case 'int':
    case 'bigint':
      walk.fields.push({ path, kind: 'number', required });
      return pick(outer, [...NUMBER_CANDIDATES, ...NUMBER_CANDIDATES.map(String)]);
    case 'boolean':
      walk.fields.push({ path, kind: 'boolean', required });
      return pick(outer, [true, false, 'true']);
    case 'enum':
      walk.fields.push({ path, kind: 'choice', required });
      return Object.values(def.entries as Record<string, unknown>)[0];
    case 'literal':
      walk.fields.push({ path, kind: 'choice', required });
      return (def.values as unknown[])[0];
    case 'object': {
      walk.fields.push({ path, kind: 'container', required });
      const value: Record<string, unknown> = {};
      if (depth >= MAX_DEPTH) return value;
      for (const [name, field] of Object.entries(def.shape as Record<string, z.ZodType>)) {
        value[name] = build(field, field, [...path, name], true, walk, depth + 1);
      }
      return value;
    }
    case 'array': {
      walk.fields.push({ path, kind: 'container', required });
      if (depth >= MAX_DEPTH) return [];
      const element = inner('element');
      const minimum = Math.min(
        Math.max((schema as unknown as { _zod: { bag: { minimum?: number } } })._zod.bag.minimum ?? 1, 1),
        3,
      );
      const first = build(element, element, [...path, 0], true, walk, depth + 1);
      return Array.from({ length: minimum }, () => first);
    }
    case 'record': {
      walk.fields.push({ path, kind: 'container', required });
      const keyDef = defOf(inner('keyType'));
      const keys =
        keyDef.type === 'enum' ? Object.values(keyDef.entries as Record<string, string>).slice(0, 10) : ['en'];
      const value: Record<string, unknown> = {};
      if (depth >= MAX_DEPTH) return value;
      for (const name of keys)
        value[name] = build(inner('valueType'), inner('valueType'), [...path, name], false, walk, depth + 1);
      return value;
    }
    case 'union':
      return build((def.options as z.ZodType[])[0] as z.ZodType, outer, path, required, walk, depth);
    case 'intersection': {
      const left = build(inner('left'), inner('left'), path, required, walk, depth);
      const right = build(inner('right'), inner('right'), path, required, { fields: [] }, depth);
      return { ...(left as object), ...(right as object) };
    }
    default:
      return 'a';
  }
};

const REPAIR_CANDIDATES: readonly unknown[] = [undefined, ...STRING_CANDIDATES, ...NUMBER_CANDIDATES, true, false, {}];
const REPAIR_ROUNDS = 4;

const issuesOf = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues ?? [];

/**
 * Rules across fields (an end after its start, a field only some types may have) fail a sample built field by field:
 * each failing field is given the first candidate (absence included) that leaves fewer issues.
 */
const repair = (schema: z.ZodType, sample: unknown): unknown => {
  let current = sample;
  for (let round = 0; round < REPAIR_ROUNDS; round += 1) {
    const issues = issuesOf(schema, current);
    const first = issues[0];
    if (first === undefined || first.path.length === 0) return current;
    const path = first.path as (string | number)[];
    const better = REPAIR_CANDIDATES.map((candidate) =>
      candidate === undefined ? dropAt(current, path) : setAt(current, path, candidate),
    ).find((candidate) => issuesOf(schema, candidate).length < issues.length);
    if (better === undefined) return current;
    current = better;
  }
  return current;
};

/** A sample input of `schema` (valid as far as the candidates allow) and every field in it. */
export const sampleOf = (schema: z.ZodType): { sample: unknown; fields: Field[] } => {
  const walk: Walk = { fields: [] };
  const sample = repair(schema, build(schema, schema, [], true, walk, 0));
  return { sample, fields: walk.fields };
};

/** Bad money as the spec's wire (decimal strings) and as the mistakes clients make. */
export const BAD_MONEY: readonly [string, unknown][] = [
  ['negative', '-1.00'],
  ['negative number', -1],
  ['zero', '0'],
  ['zero decimals', '0.00'],
  ['too many decimals', '1.234'],
  ['too many decimals number', 1.234],
  ['huge', '99999999999999999999999'],
  ['huge number', 1e23],
  ['huge float', 1e308],
  ['exponent', '1e5'],
  ['exponent upper', '1E3'],
  ['exponent negative', '5e-1'],
  ['negative zero', '-0'],
  ['hex', '0x10'],
  ['spaces', ' 1 '],
  ['infinity', 'Infinity'],
  ['not a number', 'NaN'],
];
const BAD_NUMBERS = BAD_MONEY.filter(([label]) =>
  ['negative', 'zero', 'too many decimals', 'huge', 'huge float', 'exponent'].includes(label),
);
const BAD_TEXT: readonly [string, unknown][] = [
  ['NUL', 'a\u0000b'],
  ['lone high surrogate', '\uD800'],
  ['lone low surrogate', 'x\uDC00y'],
  ['1 MB string', HUGE_TEXT],
];
const WRONG_TYPES: readonly [string, unknown][] = [
  ['null', null],
  ['number', 12345],
  ['boolean', true],
  ['array', ['a']],
  ['object', { a: 1 }],
];

const mutationsOf = (field: Field): [string, unknown][] => {
  switch (field.kind) {
    case 'string':
      return [...BAD_TEXT, ...WRONG_TYPES.filter(([label]) => label !== 'string')];
    case 'money':
      return [...BAD_MONEY, ...BAD_TEXT.slice(0, 2), ...WRONG_TYPES.filter(([l]) => l !== 'number')];
    case 'number':
      // Counts, pages and sorts: one of each kind of bad money is enough to show the number is checked.
      return [...BAD_NUMBERS, ...BAD_TEXT.slice(0, 1), ['text', 'abc'], ...WRONG_TYPES.filter(([l]) => l !== 'number')];
    case 'choice':
    case 'boolean':
      return [['NUL', '\u0000'], ['unknown', 'x'], ...WRONG_TYPES];
    case 'container':
      return [['string', 'x'], ['NUL', '\u0000'], ...WRONG_TYPES.filter(([l]) => l !== 'object')];
  }
};

const setAt = (root: unknown, path: readonly (string | number)[], value: unknown): unknown => {
  if (path.length === 0) return value;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  const copy: Record<string | number, unknown> = (Array.isArray(root) ? [...root] : { ...(root as object) }) as Record<
    string | number,
    unknown
  >;
  copy[head] = setAt(copy[head], rest, value);
  return copy;
};

const dropAt = (root: unknown, path: readonly (string | number)[]): unknown => {
  const parent = path.slice(0, -1);
  const last = path[path.length - 1] as string | number;
  const walkTo = (node: unknown, rest: readonly (string | number)[]): unknown => {
    if (rest.length === 0) {
      const copy = { ...(node as Record<string | number, unknown>) };
      delete copy[last];
      return copy;
    }
    const [head, ...tail] = rest as [string | number, ...(string | number)[]];
    const copy: Record<string | number, unknown> = (
      Array.isArray(node) ? [...node] : { ...(node as object) }
    ) as Record<string | number, unknown>;
    copy[head] = walkTo(copy[head], tail);
    return copy;
  };
  return walkTo(root, parent);
};

/** Every bad input of `schema`: each field with each bad value of its kind, each required field dropped. */
export const badInputsOf = (schema: z.ZodType): { sample: unknown; inputs: Mutation[] } => {
  const { sample, fields } = sampleOf(schema);
  const inputs: Mutation[] = [];
  for (const field of fields) {
    const where = field.path.length === 0 ? '(root)' : field.path.join('.');
    for (const [label, value] of mutationsOf(field)) {
      inputs.push({ label: `${where}: ${label}`, value: setAt(sample, field.path, value), path: field.path });
    }
    if (field.required && field.path.length > 0) {
      inputs.push({ label: `${where}: missing`, value: dropAt(sample, field.path), path: 'drop' });
    }
  }
  return { sample, inputs };
};
