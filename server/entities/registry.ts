/**
 * Finds the declared entities at startup: every entity exported by contract/entities/*.ts, with its table (the
 * export that `table` names of a module's schema.ts, server/modules/<m>/schema.ts), the `hooks` of
 * server/entities/<name>.ts when that file exists, and its words (i18n/<lang>/entities/<name>.ts: its CSV's header);
 * an entity's own permissions join the tree (contract/permissionGroups.ts). Adding an entity edits no shared file.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PgTable } from 'drizzle-orm/pg-core';
import { LOCALES, type Locale } from '../../contract/constants';
import type { Entity } from '../../contract/entity';
import { declareEntityPermissions } from '../../contract/permissionGroups';
import type { EntityHooks, ServedEntity, ServedHooks, WordsOf } from './hooks';

const DECLARATIONS = path.join(import.meta.dirname, '../../contract/entities');
const MODULES = path.join(import.meta.dirname, '../modules');
const WORDS = path.join(import.meta.dirname, '../../i18n');
const SOURCE = /\.[cm]?[jt]s$/;

/** A module's exports that are entity declarations (defineEntity's results). */
const entitiesIn = (mod: Record<string, unknown>): Entity[] =>
  Object.values(mod).filter(
    (v): v is Entity => typeof v === 'object' && v !== null && 'api' in v && 'fields' in v && 'table' in v,
  );

const importFile = (file: string) => import(pathToFileURL(file).href) as Promise<Record<string, unknown>>;

/** Every module's tables by their export names, from each server/modules/<m>/schema.ts (found like the declarations). */
async function moduleTables(): Promise<Record<string, unknown>> {
  const files = readdirSync(MODULES, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .flatMap(
      (d) => ['.ts', '.js'].map((ext) => path.join(MODULES, d.name, `schema${ext}`)).find(existsSync) ?? [],
    )
    .sort();
  return Object.assign({}, ...(await Promise.all(files.map(importFile))));
}

/** The hooks file of an entity, if it has one: its `hooks`, made by entityHooks() for this very declaration. */
async function hooksOf(entity: Entity): Promise<EntityHooks | undefined> {
  const file = ['.ts', '.js']
    .map((ext) => path.join(import.meta.dirname, entity.name + ext))
    .find(existsSync);
  if (!file) return undefined;
  const served = (await importFile(file)).hooks as ServedHooks | undefined;
  if (!served) return undefined;
  if (served.entity.name !== entity.name)
    throw new Error(
      `server/entities/${entity.name}: its hooks are not typed by the ${entity.name} declaration`,
    );
  return served.hooks;
}

const lookup = (words: unknown, key: string): string | undefined => {
  const found = key
    .split('.')
    .reduce<unknown>(
      (node, part) => (node && typeof node === 'object' ? Reflect.get(node, part) : undefined),
      words,
    );
  return typeof found === 'string' ? found : undefined;
};

/** An entity's words in each language (zh-TW's where another lacks one), when it has a words file. */
export async function wordsOf(name: string, dir = WORDS): Promise<WordsOf | undefined> {
  const files = LOCALES.map((lang) => [lang, path.join(dir, lang, 'entities', `${name}.ts`)] as const).filter(
    ([, file]) => existsSync(file),
  );
  if (!files.length) return undefined;
  const words = new Map<Locale, unknown>(
    await Promise.all(files.map(async ([lang, file]) => [lang, (await importFile(file)).default] as const)),
  );
  return (lang, key) => lookup(words.get(lang), key) ?? lookup(words.get('zh-TW'), key);
}

export async function declaredEntities(): Promise<ServedEntity[]> {
  const files = readdirSync(DECLARATIONS)
    .filter((f) => SOURCE.test(f) && !f.endsWith('.d.ts'))
    .sort();
  const entities = (
    await Promise.all(files.map(async (f) => entitiesIn(await importFile(path.join(DECLARATIONS, f)))))
  ).flat();
  const schema = await moduleTables();
  return Promise.all(
    entities.map(async (entity) => {
      const table = schema[entity.table] as PgTable | undefined;
      if (!table)
        throw new Error(`Entity ${entity.name}: no table ${entity.table} in server/modules/*/schema.ts`);
      declareEntityPermissions(entity);
      return { entity, table, hooks: await hooksOf(entity), words: await wordsOf(entity.name) };
    }),
  );
}
