/**
 * The save's write statement (server/modules/content/write.ts) is built once per shape and run by name with the
 * values of each call: nothing of the scope it was first built for may stay in it.
 */

import { drizzle } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import type { ContentSight } from '../../contract/permissions';
import type { Db } from '../../server/db/client';
import type { Scope } from '../../server/modules/content/scope';
import { writeStatement } from '../../server/modules/content/write';

const db = drizzle.mock() as unknown as Db;
const scope = (siteId: number, userId: number, type: 1 | 3, sight: ContentSight) =>
  ({
    deps: { db },
    siteId,
    type,
    sight,
    types: [1, 3],
    user: { id: userId, nickname: `n${userId}`, email: `u${userId}@example.com`, avatar: '' },
  }) as unknown as Scope;
const render = (s: Scope, shape: Parameters<typeof writeStatement>[1]) =>
  new PgDialect().sqlToQuery(writeStatement(s, shape));

describe('writeStatement', () => {
  it('holds no value of the scope it is built for: two callers of the same shape get the same statement', () => {
    for (const sight of ['own', 'site', 'all'] as const)
      for (const pin of [undefined, true, false])
        for (const full of [true, false])
          for (const checked of [true, false]) {
            const shape = { sight: checked, pin, full };
            const a = render(scope(7001, 1101, 1, sight), shape);
            const b = render(scope(8002, 1202, 3, sight), shape);
            expect(b).toEqual(a);
            // Only constants are left as values; everything of a call is a placeholder.
            for (const param of a.params)
              expect(typeof param === 'object' ? 'placeholder' : param).not.toBeOneOf([
                7001, 8002, 1101, 1202,
              ]);
          }
  });

  it('checks the caller sight only when asked (an unlocked save), through the version and the live item', () => {
    const checked = render(scope(7, 11, 1, 'own'), { sight: true, full: true }).sql;
    const unchecked = render(scope(7, 11, 1, 'own'), { sight: false, full: true }).sql;
    expect(checked).toContain('"content_authors"');
    expect(unchecked).not.toContain('"content_authors"');
    expect(unchecked).toContain('"contents"."version" = $');
    expect(unchecked).toContain('"contents"."status" <> $');
  });
});
