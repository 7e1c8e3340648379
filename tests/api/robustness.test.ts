/**
 * Bad input never answers 500. For every registered action (server/app.ts allActions), signed in as the owner of
 * the demo site, this sends hostile but well-formed bodies and asserts that each answer is an envelope that is not a
 * crash: HTTP status below 500 and code not 0 (FAIL).
 *
 * The bodies come from two sources:
 *
 * - a walk of each action's zod input schema: a base body that passes the schema (so that one changed field reaches
 *   the handler and the database), and from it one body per hostile value at each place of the schema — numbers out
 *   of int4 range (2147483648, -2147483649), 1e308, non-integers, negative and zero numbers, empty and very long
 *   strings, strings of digits, empty and over-long arrays, empty objects, null, and for list queries every known
 *   column filtered with out-of-range, fractional and non-numeric values, sorted, and huge pages;
 * - a fixed catalogue of bodies sent to every action whatever its schema.
 *
 * Content actions get `?t=1`. Actions taking files take JSON too (they answer a field error), so none is skipped.
 */
import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { categoryColumns } from '../../contract/category';
import { Code } from '../../contract/codes';
import { contentColumns } from '../../contract/content';
import { STATUS } from '../../contract/contentConstants';
import { admin } from '../../contract/entities/admin';
import { author } from '../../contract/entities/author';
import { label } from '../../contract/entities/label';
import { fileColumns, videoColumns } from '../../contract/files';
import { Filter, type ListColumns, ListQuery } from '../../contract/list';
import { userSiteColumns } from '../../contract/sites';
import { allActions } from '../../server/app';
import type { AnyAction } from '../../server/http/action';
import { contents, videos } from '../../server/modules/tables';
import { type Client, createTestApp, OWNER, signInOwner, type TestApp } from '../fixtures/testApp';
import { defOf } from '../fixtures/zodDef';

let t: TestApp;
let owner: Client;
/** The item the base bodies point at (id 1: the first of the database). */
const ITEM = 1;

/** Keeps the item live and published, whatever the last body did to it (deleted it, took it offline). */
const reviveItem = () =>
  t.database.db
    .update(contents)
    .set({ status: STATUS.PUBLISHED, publishTs: new Date(t.clock.now) })
    .where(and(eq(contents.id, ITEM), ne(contents.status, STATUS.PUBLISHED)));

beforeAll(async () => {
  t = await createTestApp();
  ({ owner } = await signInOwner(t));
  // Something to point at: an item with a few versions and a video, so that ids and versions of the base bodies
  // reach existing rows (a save based on another version takes the conflict path).
  for (let version = 0; version < 3; version++) {
    const r = await owner.call<{ id: number }>('press/save?t=1', {
      id: version === 0 ? 0 : ITEM,
      title: `Robust ${version}`,
      content: { blocks: [{ type: 'paragraph', data: { text: `v${version}` } }] },
      version,
    });
    expect(r.code, JSON.stringify(r)).toBe(Code.OK);
    expect(r.data.id).toBe(ITEM);
  }
  await reviveItem();
  const status = await owner.call<{ site: { current: { id: number } } }>('member/status');
  await t.database.db.insert(videos).values({
    siteId: status.data.site.current.id,
    title: 'Robust',
    path: '/uploads/robust.mp4',
    cover: '/c.jpg',
  });
});
afterAll(async () => {
  await t?.close();
});

// ——— the schema walk ———

const INT4_OUT = [2_147_483_648, -2_147_483_649];
const HOSTILE_NUMBERS = [...INT4_OUT, 1e308, -1e308, 1.5, -1, 0, 2 ** 53 + 2];
const LONG = '長'.repeat(70_000);
const HOSTILE_STRINGS = ['', ' ', LONG, '3000000000', '-1', '1.5'];
const OVER_LONG_ARRAY = 2_000;

/** Strings tried, in order, as a base value: the first the schema accepts is used. */
const STRING_CANDIDATES = [
  'robust',
  'robust@example.com',
  '/uploads/robust.jpg',
  'https://example.com/robust',
  'robust-pass-1',
  '09:00',
  '2030-01-01',
  '123456',
  'Asia/Taipei',
  'example.com',
  'zh-TW',
  '00000000-0000-4000-8000-000000000000',
  'post.view',
  '0912345678',
];
const NUMBER_CANDIDATES = [1, 2, 3, 4, 0, -1];

const accepts = (s: z.ZodType, v: unknown) => s.safeParse(v).success;

/** Every known list column: the contract's ListColumns of each resource. */
const LIST_COLUMNS: ListColumns[] = [
  author.columns,
  categoryColumns,
  contentColumns,
  fileColumns,
  videoColumns,
  label.columns,
  userSiteColumns,
  admin.columns,
];
const FILTER_COLUMNS = [...new Set(LIST_COLUMNS.flatMap((c) => c.filter)), 'unknown_column'];
const SORT_COLUMNS = [...new Set(LIST_COLUMNS.flatMap((c) => c.sort)), 'unknown_column'];

/** A value the schema accepts, when one is easily found (else a plausible one). */
function sample(s: z.ZodType, depth = 0): unknown {
  const d = defOf(s);
  if (depth > 12) return undefined;
  switch (d.type) {
    case 'string':
      return STRING_CANDIDATES.find((c) => accepts(s, c)) ?? 'robust';
    case 'number':
    case 'int':
      return NUMBER_CANDIDATES.find((c) => accepts(s, c)) ?? 1;
    case 'boolean':
      return false;
    case 'literal':
      return d.values?.[0];
    case 'enum':
      return Object.values(d.entries ?? {})[0];
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(d.shape ?? {})) {
        const value = sample(v, depth + 1);
        if (value !== undefined) out[k] = value;
      }
      return out;
    }
    case 'array': {
      const min = d.checks?.find((c) => c._zod.def.check === 'min_length')?._zod.def.minimum ?? 0;
      return min > 0 ? Array.from({ length: min }, () => sample(d.element as z.ZodType, depth + 1)) : [];
    }
    case 'union': {
      for (const o of d.options ?? []) {
        const v = sample(o, depth + 1);
        if (accepts(o, v)) return v;
      }
      return sample((d.options ?? [])[0], depth + 1);
    }
    case 'optional':
      return undefined;
    case 'nullable':
      return null;
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return sample(d.innerType as z.ZodType, depth + 1);
    case 'pipe':
      return sample(d.in as z.ZodType, depth + 1);
    case 'lazy':
      return sample((d.getter as () => z.ZodType)(), depth + 1);
    case 'tuple':
      return (d.items ?? []).map((i) => sample(i, depth + 1));
    case 'record':
      return {};
    default:
      return undefined;
  }
}

/** The schema of the place `path` points at, through wrappers; undefined when the walk cannot follow it. */
function schemaAt(s: z.ZodType, path: PropertyKey[]): z.ZodType | undefined {
  let at: z.ZodType | undefined = s;
  for (let i = 0; at && i <= path.length; ) {
    const d = defOf(at);
    if (
      ['optional', 'nullable', 'default', 'prefault', 'catch', 'readonly', 'nonoptional'].includes(d.type)
    ) {
      at = d.innerType;
    } else if (d.type === 'pipe') {
      at = d.in;
    } else if (d.type === 'lazy') {
      at = (d.getter as () => z.ZodType)();
    } else if (i === path.length) {
      return at;
    } else if (d.type === 'object') {
      at = d.shape?.[String(path[i++])];
    } else if (d.type === 'array') {
      at = d.element;
      i++;
    } else {
      return undefined;
    }
  }
  return at;
}

/** Values worth trying at a place a base body got wrong. */
function alternatives(s: z.ZodType): unknown[] {
  const d = defOf(s);
  switch (d.type) {
    case 'string':
      return STRING_CANDIDATES;
    case 'number':
      return NUMBER_CANDIDATES;
    case 'array': {
      const element = d.element as z.ZodType;
      return [sample(element), ...alternatives(element)].map((e) => [e]);
    }
    case 'union':
      return (d.options ?? []).map((o) => sample(o));
    default:
      return [null, sample(s)];
  }
}

function setAt(value: unknown, path: PropertyKey[], leaf: unknown): unknown {
  if (!path.length) return leaf;
  const [head, ...rest] = path;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<PropertyKey, unknown>;
  copy[head] = setAt(copy[head], rest, leaf);
  return copy;
}

const issuesOf = (s: z.ZodType, v: unknown) => s.safeParse(v).error?.issues ?? [];
const samePath = (a: PropertyKey[], b: PropertyKey[]) =>
  a.length === b.length && a.every((k, i) => k === b[i]);

/**
 * A base body the schema accepts: the sample, with each place the schema refuses (a SPEC rule a plain value does not
 * meet, like a domain or 'at least one') replaced by the first alternative that it accepts there.
 */
function baseOf(s: z.ZodType): unknown {
  let value = sample(s);
  for (let round = 0; round < 30; round++) {
    const [issue] = issuesOf(s, value);
    if (!issue?.path.length) break;
    const place = schemaAt(s, issue.path);
    const fixed = place
      ? alternatives(place)
          .map((alt) => setAt(value, issue.path, alt))
          .find((v) => !issuesOf(s, v).some((i) => samePath(i.path, issue.path)))
      : undefined;
    if (fixed === undefined) break;
    value = fixed;
  }
  return value;
}

/** Filters worth trying on a list: every known column, with values an int4, boolean or date column cannot hold. */
function hostileFilters(): unknown[] {
  const out: unknown[] = [];
  for (const col of FILTER_COLUMNS) {
    for (const value of [
      [3_000_000_000],
      [-2_147_483_649],
      [1e308],
      [1.5],
      ['x'],
      ['99999999999'],
      [''],
      [],
    ]) {
      out.push({ col, value, type: 'in' });
    }
    out.push({ col, value: 3_000_000_000, type: 'in' });
    out.push({ col, value: 'x', type: 'search' });
    out.push({ col, value: '%_\\', type: 'search' });
  }
  return out;
}

/**
 * Hostile values for the place `s` describes, each a whole value for that place: in an object, one field at a time is
 * hostile and the others keep their base values.
 */
function hostile(s: z.ZodType, depth = 0): unknown[] {
  if (depth > 12) return [];
  if (s === (Filter as z.ZodType)) return hostileFilters();
  const d = defOf(s);
  switch (d.type) {
    case 'string':
      return HOSTILE_STRINGS;
    case 'number':
    case 'int':
      return [...HOSTILE_NUMBERS, '1'];
    case 'boolean':
      return ['true', 1];
    case 'literal':
    case 'enum':
      return [3_000_000_000, 'x'];
    case 'object': {
      const base = baseOf(s) as Record<string, unknown>;
      const out: unknown[] = [{}, { ...base, unknown_field: 1 }];
      for (const [k, v] of Object.entries(d.shape ?? {})) {
        for (const h of hostile(v, depth + 1)) out.push({ ...base, [k]: h });
      }
      if (s === (ListQuery as z.ZodType)) {
        for (const col of SORT_COLUMNS) {
          out.push({ ...base, sort: { col, order: 'asc' } });
          out.push({ ...base, sort: { col, order: 'desc' }, page: 1_000_000, size: 1 });
        }
      }
      return out;
    }
    case 'array': {
      const element = d.element as z.ZodType;
      const one = sample(element);
      return [
        [],
        Array.from({ length: OVER_LONG_ARRAY }, () => one),
        ...hostile(element, depth + 1).map((h) => [h]),
      ];
    }
    case 'union': {
      const out: unknown[] = [];
      for (const o of d.options ?? []) out.push(sample(o), ...hostile(o, depth + 1));
      return out;
    }
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return [null, ...hostile(d.innerType as z.ZodType, depth + 1)];
    case 'pipe':
      return hostile(d.in as z.ZodType, depth + 1);
    case 'lazy':
      return hostile((d.getter as () => z.ZodType)(), depth + 1);
    case 'record':
      return [{ x: null }, { [LONG]: 1 }];
    default:
      return [null, 3_000_000_000, LONG, []];
  }
}

/** The same hostile body twice is sent once. */
function unique(bodies: unknown[]): unknown[] {
  const seen = new Set<string>();
  return bodies.filter((b) => {
    const key = JSON.stringify(b) ?? 'undefined';
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Bodies sent to every action, whatever its schema. */
const CATALOGUE: unknown[] = [
  {},
  [],
  'x',
  12,
  null,
  ...[...INT4_OUT, 1e308, 1.5].flatMap((n) => [{ id: n }, { id: n, version: n }, { ids: [n] }]),
  { query: { page: 1e308 } },
  { query: { page: 2_147_483_648, size: 2_147_483_648 } },
  { query: { page: 1_000_000, size: 100 } },
  { query: { filters: [{ col: 'id', value: [3_000_000_000], type: 'in' }] } },
  { query: { filters: [{ col: 'unknown_column', value: ['x'], type: 'in' }] } },
  { query: { filters: [{ col: 'unknown_column', value: 'x', type: 'search' }] } },
  { query: { sort: { col: 'unknown_column', order: 'asc' } } },
  { name: LONG, title: LONG, email: LONG, token: LONG },
  { [LONG.slice(0, 10_000)]: 1 },
];

const registry: readonly AnyAction[] = allActions;

function bodiesOf(def: AnyAction): unknown[] {
  const input = def.input as z.ZodType;
  const base = baseOf(input);
  return unique([base, ...hostile(input), ...CATALOGUE]);
}

const urlOf = (def: AnyAction) => `/api/${def.path}${def.path.startsWith('press/') ? '?t=1' : ''}`;

/** Sends one body as the browser would: JSON, or a query string for a GET action. */
async function send(def: AnyAction, body: unknown): Promise<{ status: number; code: number | null }> {
  const cookie = [...owner.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const get = def.method === 'GET';
  const query =
    get && body !== null && typeof body === 'object' && !Array.isArray(body)
      ? Object.fromEntries(
          Object.entries(body).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
        )
      : {};
  const res = await t.app.inject({
    method: def.method ?? 'POST',
    url: urlOf(def),
    query,
    headers: {
      'content-type': 'application/json',
      'accept-language': 'zh-TW',
      ...(cookie ? { cookie } : {}),
    },
    ...(get ? {} : { payload: JSON.stringify(body) ?? 'null' }),
  });
  const json = String(res.headers['content-type']).startsWith('application/json');
  const code = json ? ((res.json() as { code?: number }).code ?? null) : null;
  return { status: res.statusCode, code };
}

describe('hostile but well-formed bodies', () => {
  it('walks every action: each schema yields a base body and hostile ones', () => {
    expect(registry.length).toBeGreaterThan(60);
    for (const def of registry) expect(bodiesOf(def).length, def.path).toBeGreaterThan(CATALOGUE.length);
    // The walk reaches into list queries and the content document.
    const list = bodiesOf(registry.find((a) => a.path === 'press/list') as AnyAction);
    expect(list).toContainEqual({
      query: { page: 1, size: 1, filters: [{ col: 'to_top', value: ['x'], type: 'in' }] },
    });
    const save = bodiesOf(registry.find((a) => a.path === 'press/save') as AnyAction);
    expect(save).toContainEqual(expect.objectContaining({ id: 1, version: 2_147_483_648 }));
    // Each base body passes its schema, so that one hostile value at a time reaches the handler; files cannot come
    // as JSON.
    const refused = registry
      .filter((a) => !a.multipart && !accepts(a.input, baseOf(a.input)))
      .map((a) => a.path);
    expect(refused).toEqual([]);
  });

  it('never answer 500 nor code 0, for any action', { timeout: 900_000 }, async () => {
    const crashes: string[] = [];
    let sent = 0;
    for (const def of registry) {
      for (const body of bodiesOf(def)) {
        await reviveItem();
        let r = await send(def, body);
        // A body that signed the owner out (member/logout) or left the site: sign in again and send it once more.
        if (r.status === 401 && def.access !== 'public') {
          const again = await owner.login(OWNER.email, OWNER.password);
          expect(again.code, JSON.stringify(again)).toBe(Code.OK);
          r = await send(def, body);
        }
        sent++;
        if (r.status >= 500 || r.code === Code.FAIL) {
          crashes.push(`${def.path} ${r.status}/${r.code}: ${(JSON.stringify(body) ?? '').slice(0, 300)}`);
        }
      }
    }
    console.info(`robustness: ${registry.length} actions, ${sent} bodies`);
    expect(crashes).toEqual([]);
  });
});
