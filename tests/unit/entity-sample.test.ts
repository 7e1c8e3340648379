/**
 * The sample record derived from an entity's field rules (contract/entitySample.ts): it meets narrow rules (lengths,
 * a pattern, a number's range, an enum, dates), refers to the records it is given, and names a field it cannot meet.
 */
import { describe, expect, it } from 'vitest';
import { defineEntity, field } from '../../contract/entity';
import { sampleOf } from '../../contract/entitySample';
import { bounded, f, ruled } from '../../contract/fields';
import { PATTERNS } from '../../contract/patterns';
import { rules } from '../../contract/validation';

const narrow = defineEntity({
  name: 'narrow',
  table: 'narrows',
  title: 'code',
  fields: {
    code: field.text(
      ruled(
        bounded(8),
        rules.required,
        (v) => rules.minLength(v, 5),
        (v) => (PATTERNS.skuCode.re.test(v) ? undefined : { message: 'validation.format' }),
      ),
    ),
    long: field.longText(ruled(bounded(500), rules.required, (v) => rules.minLength(v, 120))),
    email: field.text(f.email()),
    tiny: field.text(f.requiredText(3)),
    percent: field.number(f.uint().min(1).max(9)),
    price: field.money({ max: 50 }),
    kind: field.enum(['a', 'b', 'c']),
    langs: field.enums([1, 2, 3]),
    owner: field.reference('author'),
    tags: field.references('tag'),
    day: field.date(),
    until: field.dateTime({ editable: true }),
    rows: field.list({ sku: field.text(f.requiredText(10)) }),
    count: field.readOnly(f.uint()),
  },
  permissions: { group: 'shop', leaves: ['view', 'edit', 'delete'] },
  defaultSort: { col: 'id', order: 'asc' },
});

describe('sampleOf', () => {
  it('meets each field’s own rule, however narrow, and the whole save', () => {
    for (let n = 1; n <= 30; n++) {
      const sample = sampleOf(narrow.fields, n);
      const parsed = narrow.save.safeParse({ id: 0, ...sample });
      expect(parsed.success, `${n}: ${JSON.stringify(sample)} ${JSON.stringify(parsed.error?.issues)}`).toBe(
        true,
      );
      expect(sample).not.toHaveProperty('count');
    }
  });

  it('makes values unique by `n`', () => {
    const codes = new Set(Array.from({ length: 20 }, (_, i) => sampleOf(narrow.fields, i + 1).code));
    expect(codes.size).toBe(20);
  });

  it('refers to the records it is given, or to none', () => {
    const refs = (resource: string) => ({ author: 7, tag: 9 })[resource];
    expect(sampleOf(narrow.fields, 1, refs)).toMatchObject({ owner: 7, tags: [9] });
    expect(sampleOf(narrow.fields, 1)).toMatchObject({ owner: null, tags: [] });
  });

  it('puts a moment after a day, so that "ends after it starts" holds', () => {
    const { day, until } = sampleOf(narrow.fields, 3);
    expect(String(until).slice(0, 10) > String(day)).toBe(true);
  });

  it('names a field no candidate meets', () => {
    const odd = { odd: field.text(ruled(bounded(10), () => ({ message: 'validation.format' }))) };
    expect(() => sampleOf(odd, 1)).toThrow(/odd/);
  });
});
