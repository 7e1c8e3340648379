/**
 * The throw-away entities of docs/examples/<name>/ (docs/entities.md; tests/api/conformance.test.ts
 * serves them): each has its declaration, its table with the migration drizzle-kit wrote for it, and words in the
 * three languages with zh-TW's keys, en and ja really translated, covering what its generated screens and its own
 * permissions show.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { getTableColumns, getTableName } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../contract/constants';
import type { Entity } from '../../contract/entity';

const EXAMPLES = path.join(import.meta.dirname, '../../docs/examples');
const names = readdirSync(EXAMPLES, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

/** Every word of a words file, by its dotted key. */
function leaves(node: unknown, prefix = '', out: Record<string, string> = {}): Record<string, string> {
  if (node !== null && typeof node === 'object')
    for (const [k, v] of Object.entries(node)) leaves(v, prefix ? `${prefix}.${k}` : k, out);
  else out[prefix] = String(node);
  return out;
}

const HAN = /\p{Script=Han}/u;
const KANA = /[\p{Script=Hiragana}\p{Script=Katakana}]/u;

describe.each(names)('docs/examples/%s', (name) => {
  const dir = path.join(EXAMPLES, name);
  const words = async (locale: string) =>
    leaves((await import(path.join(dir, 'i18n', locale, 'entities', `${name}.ts`))).default);
  const entity = async () =>
    Object.values(await import(path.join(dir, 'contract/entities', `${name}.ts`))).find(
      (v): v is Entity => typeof v === 'object' && v !== null && 'api' in v,
    ) as Entity;

  it('has its declaration, table, migration and words, each where docs/entities.md says', () => {
    for (const file of [
      `contract/entities/${name}.ts`,
      'table.ts',
      'migration.sql',
      ...LOCALES.map((l) => `i18n/${l}/entities/${name}.ts`),
    ])
      expect(existsSync(path.join(dir, file)), file).toBe(true);
  });

  it('has a migration that makes its table, column by column', async () => {
    const e = await entity();
    const table = (await import(path.join(dir, 'table.ts')))[e.table] as PgTable;
    const sql = readFileSync(path.join(dir, 'migration.sql'), 'utf8');
    expect(sql).toContain(`CREATE TABLE "${getTableName(table)}"`);
    for (const column of Object.values(getTableColumns(table))) expect(sql).toContain(`"${column.name}"`);
  });

  it('is words in en and ja with exactly zh-TW’s keys, translated', async () => {
    const source = await words('zh-TW');
    const en = await words('en');
    const ja = await words('ja');
    expect(Object.keys(en).sort()).toEqual(Object.keys(source).sort());
    expect(Object.keys(ja).sort()).toEqual(Object.keys(source).sort());
    for (const [key, text] of Object.entries(source)) {
      if (!HAN.test(text)) continue;
      expect(HAN.test(en[key]), `en ${key}: ${en[key]}`).toBe(false);
      expect(ja[key], `ja ${key}`).not.toBe(text);
    }
    const japanese = Object.values(ja).filter((t) => KANA.test(t)).length;
    expect(japanese / Object.keys(ja).length).toBeGreaterThan(0.5);
  });

  it('names what its generated screens and its own permissions show', async () => {
    const e = await entity();
    const source = await words('zh-TW');
    const keys = [
      ...['name', 'empty', 'emptyHint', 'create', 'edit', 'saved', 'deleted', 'deleteTitle', 'deleteBody'],
      'notFound',
      ...Object.keys(e.fields).map((f) => `fields.${f}`),
      ...Object.entries(e.fields)
        .filter(([, f]) => f.filter === 'search')
        .map(([f]) => `filters.${f}`),
    ].map((k) => `resources.${name}.${k}`);
    const own = e.ownPermissions;
    expect(own, 'an example declares its own permissions').toBeDefined();
    keys.push(
      `permissions.group.${name}`,
      ...(own?.leaves ?? []).map((l) => `permissions.leaf.${name}.${l}`),
    );
    expect(keys.filter((k) => !(k in source))).toEqual([]);
  });

  it('has an editable date and moment and a menu place', async () => {
    const e = await entity();
    const kinds = Object.values(e.fields)
      .filter((f) => f.input)
      .map((f) => f.kind);
    expect(kinds).toEqual(expect.arrayContaining(['date', 'dateTime']));
    expect(e.menu?.group).toBeTruthy();
  });
});
