/**
 * A resource's own say on the server (server/entities/actions.ts resourceGate, contract/entityBrief.ts
 * EntityResource): its fixed fields in the query string (必填 without them, 格式錯誤 for a value no resource has), its
 * own permissions for each action (create on a save with id 0) and its own plan feature — checked per call, before
 * the handler or the entity's hooks.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Code } from '../../contract/codes';
import { defineEntity, field } from '../../contract/entity';
import type { Feature } from '../../contract/plans';
import { resourceGate } from '../../server/entities/actions';
import type { SiteContext } from '../../server/http/action';
import { AppError, FieldError } from '../../server/http/errors';

const icon = () => import('@mui/icons-material/Article');
const menu = { group: 'content', order: 99, icon } as const;
const perms = (p: string) => ({
  list: `${p}.view`,
  create: `${p}.add`,
  edit: `${p}.edit`,
  delete: `${p}.delete`,
});

const fields = { title: field.readOnly(z.string(), { list: true }) };
const base = { table: 't', title: 'title', fields, defaultSort: { col: 'id', order: 'desc' } } as const;

/** Two kinds told apart in the query string, each with its own permissions; the second with a feature. */
const queried = defineEntity({
  ...base,
  name: 'kinds',
  permissions: perms('a'),
  resources: [
    { name: 'one', fixed: { k: 1 }, query: true, permissions: perms('a'), menu },
    { name: 'two', fixed: { k: 2 }, query: true, permissions: perms('b'), feature: 'shop', menu },
  ],
});
/** Two kinds told apart in the body: the first the entity's permissions, the second its own and a feature. */
const inBody = defineEntity({
  ...base,
  name: 'bodies',
  permissions: perms('a'),
  resources: [
    { name: 'x', fixed: { type: 'x' }, menu },
    { name: 'y', fixed: { type: 'y' }, permissions: perms('b'), feature: 'team', menu },
  ],
});

const ctx = (query: Record<string, string>, permissions: string[], features: Feature[] = []) =>
  ({ query, site: { permissions: new Set(permissions), features } }) as unknown as SiteContext;

const failure = (run: () => void) => {
  try {
    run();
  } catch (err) {
    if (err instanceof FieldError) return err.fields;
    if (err instanceof AppError) return err.code;
    throw err;
  }
  return 'allowed';
};

describe('a resource’s own say', () => {
  it('finds the kind in the query string: required, and one of the resources’', () => {
    const gate = resourceGate(queried);
    expect(failure(() => gate(ctx({}, ['a.view']), {}, 'list'))).toEqual({
      k: { message: 'validation.required' },
    });
    expect(failure(() => gate(ctx({ k: '3' }, ['a.view']), {}, 'list'))).toEqual({
      k: { message: 'validation.format' },
    });
    expect(failure(() => gate(ctx({ k: '1' }, ['a.view']), {}, 'list'))).toBe('allowed');
  });

  it('checks the resource’s permissions, create too for a new record', () => {
    const gate = resourceGate(queried);
    expect(failure(() => gate(ctx({ k: '2' }, ['a.view'], ['shop']), {}, 'list'))).toBe(Code.FORBIDDEN);
    expect(failure(() => gate(ctx({ k: '2' }, ['b.view'], ['shop']), {}, 'list'))).toBe('allowed');
    expect(failure(() => gate(ctx({ k: '2' }, ['b.edit'], ['shop']), { id: 0 }, 'edit'))).toBe(
      Code.FORBIDDEN,
    );
    expect(failure(() => gate(ctx({ k: '2' }, ['b.edit'], ['shop']), { id: 5 }, 'edit'))).toBe('allowed');
    expect(failure(() => gate(ctx({ k: '2' }, ['b.edit', 'b.add'], ['shop']), { id: 0 }, 'edit'))).toBe(
      'allowed',
    );
  });

  it('refuses a resource whose feature the plan lacks', () => {
    expect(failure(() => resourceGate(queried)(ctx({ k: '2' }, ['b.delete']), {}, 'delete'))).toBe(
      Code.FORBIDDEN,
    );
    const gate = resourceGate(inBody);
    expect(failure(() => gate(ctx({}, ['b.view']), { type: 'y' }, 'list'))).toBe(Code.FORBIDDEN);
    expect(failure(() => gate(ctx({}, ['b.view'], ['team']), { type: 'y' }, 'list'))).toBe('allowed');
    // The other kind: the entity's permissions, no feature.
    expect(failure(() => gate(ctx({}, ['a.view']), { type: 'x' }, 'list'))).toBe('allowed');
    expect(failure(() => gate(ctx({}, ['b.view']), { type: 'x' }, 'list'))).toBe(Code.FORBIDDEN);
  });

  it('leaves an entity whose resources say nothing more to its endpoints', () => {
    const plain = defineEntity({ ...base, name: 'plain', permissions: perms('a'), menu });
    expect(failure(() => resourceGate(plain)(ctx({}, []), {}, 'delete'))).toBe('allowed');
    expect(plain.api.list.permission).toBe('a.view');
    // With permissions of their own, the endpoints name none: each call is checked by its resource's.
    expect(queried.api.list.permission).toBeUndefined();
    expect(queried.record.shape).not.toHaveProperty('k');
    expect(inBody.record.shape).toHaveProperty('type');
  });
});
