/**
 * Every entity resource has the words its generated screens use, in every language: the entity words files
 * (i18n/<lang>/entities/*.ts, loaded by the admin automatically) exist in en and ja with zh-TW's keys, and the
 * admin's whole dictionary names each resource, its screens' messages (those of the ops it serves, and its export's),
 * its listed and edited fields and its filters.
 */
import { describe, expect, it } from 'vitest';
import type { Locale } from '../../contract/constants';
import { rangeField } from '../../contract/entityBrief';
import en from '../../i18n/en';
import ja from '../../i18n/ja';
import zhTW from '../../i18n/zh-TW';
import { entityResources, loadEntity } from '../../src/entities/registry';
import { mergeWords } from '../../src/i18n/index';

const files = import.meta.glob<{ default: object }>('../../i18n/*/entities/*.ts', { eager: true });
const areas: Record<Locale, object> = { 'zh-TW': zhTW, en, ja };

const wordsFile = (locale: Locale, name: string) =>
  files[`../../i18n/${locale}/entities/${name}.ts`]?.default;

function leaves(node: unknown, prefix = '', out: string[] = []): string[] {
  if (node !== null && typeof node === 'object') {
    for (const [k, v] of Object.entries(node)) leaves(v, prefix ? `${prefix}.${k}` : k, out);
  } else out.push(prefix);
  return out;
}

function lookup(words: object, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], words);
}

const names = [
  ...new Set(Object.keys(files).map((file) => /\/entities\/([^/]+)\.ts$/.exec(file)?.[1] as string)),
];

describe('entity words files', () => {
  it.each(names)('%s: en and ja have exactly zh-TW’s keys', (name) => {
    const source = leaves(wordsFile('zh-TW', name)).sort();
    expect(source.length).toBeGreaterThan(0);
    for (const locale of ['en', 'ja'] as const)
      expect(leaves(wordsFile(locale, name)).sort()).toEqual(source);
  });
});

describe('the words of the generated screens', () => {
  const locales = Object.keys(areas) as Locale[];
  const dictionary = (locale: Locale) =>
    names.reduce(
      (words, name) => mergeWords(words, wordsFile(locale, name) ?? {}),
      mergeWords({}, areas[locale]),
    );

  it.each(entityResources.map((r) => r.name))('%s', async (name) => {
    const entity = await loadEntity(name);
    const keys = [
      'name',
      'empty',
      'emptyHint',
      // The dialog's and the delete's words where it saves and deletes; the export's where it exports.
      ...(entity.api.save ? ['create', 'edit', 'saved'] : []),
      ...(entity.api.delete ? ['deleted', 'deleteTitle', 'deleteBody'] : []),
      ...(entity.export
        ? ['export.label', 'export.done', ...entity.export.columns.map((c) => `export.header.${c}`)]
        : []),
      ...Object.keys(entity.searches ?? {}).map((name) => `filters.${name}`),
      ...(rangeField(entity.fields) ? ['filters.from', 'filters.to'] : []),
      ...Object.entries(entity.fields)
        .filter(([, field]) => field.list || field.input)
        .map(([field]) => `fields.${field}`),
      ...Object.values(entity.fields).flatMap((field) =>
        Object.keys(field.fields ?? {}).map((sub) => `fields.${sub}`),
      ),
      ...Object.entries(entity.fields)
        .filter(([, field]) => field.filter === 'search')
        .map(([field]) => `filters.${field}`),
    ].map((key) => `resources.${name}.${key}`);
    for (const locale of locales) {
      const words = dictionary(locale);
      const missing = keys.filter((key) => typeof lookup(words, key) !== 'string');
      expect(missing, locale).toEqual([]);
    }
  });
});
