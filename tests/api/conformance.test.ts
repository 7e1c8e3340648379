/**
 * Conformance tests generated per entity: every declaration of contract/entities (found as the server finds them,
 * server/entities/registry.ts), the fixture entity (tests/fixtures/entities/note.ts) and the example entities of
 * docs/examples (tests/fixtures/entities/examples.ts), once per resource, over HTTP. For each: create, read, update
 * and delete; a validation message in each language; another site's id answers 404; a role without the permission
 * gets 403; a plan without the entity's feature is refused; its own permissions (if it declares some) in the role
 * editor's tree and in the built-in roles of their group; its dates refused when they do not exist. A valid record is
 * derived from the field rules (contract/entitySample.ts), referring to records the tests make first, or taken from
 * the declaration's `sample`. A new entity gets these by being declared.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../contract/codes';
import { LOCALES } from '../../contract/constants';
import type { Entity, Fields } from '../../contract/entity';
import { resourcesOf } from '../../contract/entityBrief';
import { sampleOf } from '../../contract/entitySample';
import {
  BUILTIN_ROLE_PERMISSIONS,
  holdsAny,
  leafIds,
  PERMISSION_TREE,
  ROLE,
} from '../../contract/permissions';
import { declaredEntities } from '../../server/entities/registry';
import { t as translate } from '../../server/i18n';
import { roles, sites } from '../../server/modules/tables';
import { exampleEntities } from '../fixtures/entities/examples';
import { noteEntity } from '../fixtures/entities/note';
import {
  type Client,
  createTestApp,
  fieldErrors,
  register,
  signInOwner,
  staffOf,
  type TestApp,
} from '../fixtures/testApp';

/** A generated test that applies to some entities only: declared for those, not skipped for the others. */
const itWhen = (applies: unknown) => (applies ? it : ((() => undefined) as unknown as typeof it));

const examples = await exampleEntities();
const fixtures = [noteEntity, ...examples];
const entities: Entity[] = [
  ...(await declaredEntities()).map((s) => s.entity),
  ...fixtures.map((f) => f.entity),
];

/** Each resource name with its entity and fixed fields (an entity without resources is one of its own name). */
const resourceOf = new Map(
  entities.flatMap((entity) => {
    const resources = resourcesOf(entity);
    return (resources.length ? resources : [{ name: entity.name, fixed: undefined }]).map(
      (r) => [r.name, { entity, fixed: r.fixed ?? {} }] as const,
    );
  }),
);

/** The resources the fields refer to, sub-records' included. */
const referred = (fields: Fields): string[] =>
  Object.values(fields).flatMap((f) => [...(f.reference ? [f.reference] : []), ...referred(f.fields ?? {})]);

/** The records the samples refer to: one of each referenced resource, made by the owner before the tests. */
const made = new Map<string, number>();

/** Another site's upload: a bad link wherever an image is asked for. */
const FOREIGN_UPLOAD = '/uploads/999999/2026/01/a.png';
/** An id no record has. */
const UNKNOWN_ID = 2_147_483_647;

/**
 * The sample with every image (also in sub-records' first entry) another site's upload and every reference an
 * unknown id; answers it with the field errors it must get.
 */
function foreignOf(fields: Fields, body: Record<string, unknown>) {
  const out: Record<string, unknown> = { ...body };
  const errors: Record<string, string> = {};
  for (const [name, field] of Object.entries(fields)) {
    if (!field.input) continue;
    if (field.kind === 'image') {
      out[name] = FOREIGN_UPLOAD;
      errors[name] = 'validation.link';
    } else if (field.kind === 'images') {
      out[name] = [FOREIGN_UPLOAD];
      errors[`${name}.0`] = 'validation.link';
    } else if (field.kind === 'reference' || field.kind === 'references') {
      out[name] = field.kind === 'reference' ? UNKNOWN_ID : [UNKNOWN_ID];
      errors[name] = 'validation.format';
    } else if (field.fields && Array.isArray(body[name]) && (body[name] as unknown[]).length) {
      const [first, ...rest] = body[name] as Record<string, unknown>[];
      const sub = foreignOf(field.fields, first);
      out[name] = [sub.body, ...rest];
      for (const [k, v] of Object.entries(sub.errors)) errors[`${name}.0.${k}`] = v;
    }
  }
  return { body: out, errors };
}

/** A field whose rule refuses an object, and so answers 格式錯誤 in the caller's language. */
const formatField = (e: Entity) => Object.keys(e.fields).find((k) => e.fields[k].input) as string;

let t: TestApp;
let demoSiteId: number;
let n = 0;
/** A record of `entity` to save: its own sample, or one derived from its rules; `n` makes each unique. */
const recordOf = (entity: Entity) => {
  n += 1;
  return entity.sample?.(n) ?? sampleOf(entity.fields, n, (resource) => made.get(resource));
};
let owner: Client;
/** A staff member of the demo site whose role holds none of the entities' permissions. */
let outsider: Client;
/** The owner of another site that has every feature. */
let stranger: Client;
/** The owner of a site whose plan lacks every feature but the first plan's. */
let unplanned: Client;

beforeAll(async () => {
  t = await createTestApp({ entities: fixtures });
  const demo = await signInOwner(t);
  owner = demo.owner;
  demoSiteId = demo.demoSiteId;
  const db = t.database.db;
  const [role] = await db
    .insert(roles)
    .values({ siteId: demo.demoSiteId, name: 'settings only', permissions: ['setting.view'] })
    .returning();
  const ownSite = async (email: string, serviceId: number | null) => {
    const c = await register(t, email);
    const status = await c.call<{ site: { current: { id: number } } }>('member/status');
    await db.update(sites).set({ serviceId }).where(eq(sites.id, status.data.site.current.id));
    return c;
  };
  [outsider, stranger, unplanned] = await Promise.all([
    staffOf(t, demo.demoSiteId, 'conformance-outsider@example.com', role.id),
    ownSite('conformance-stranger@example.com', 1),
    ownSite('conformance-unplanned@example.com', null),
  ]);
  // One record of each referenced resource, itself referring to those it needs (made first).
  const make = async (resource: string, depth = 0): Promise<void> => {
    const target = resourceOf.get(resource);
    if (made.has(resource) || !target || depth > 3) return;
    for (const other of referred(target.entity.fields)) await make(other, depth + 1);
    const body = { id: 0, ...target.fixed, ...recordOf(target.entity) };
    const r = await owner.call<{ id: number }>(target.entity.api.save.path, body);
    expect(r, `${resource}: ${JSON.stringify(body)}`).toMatchObject({ status: 200, code: Code.OK });
    made.set(resource, r.data.id);
  };
  for (const resource of new Set(entities.flatMap((e) => referred(e.fields)))) await make(resource);
});
afterAll(async () => {
  await t?.close();
});

for (const entity of entities) {
  const resources = resourcesOf(entity);
  for (const resource of resources.length ? resources : [{ name: entity.name }]) {
    const fixed = ('fixed' in resource ? resource.fixed : undefined) ?? {};
    const { api } = entity;
    const sample = () => ({ id: 0, ...fixed, ...recordOf(entity) });
    /** The saved values a record shows as sent (after the rule's trimming and defaults). */
    const shown = (body: Record<string, unknown>) => {
      const parsed = entity.save.parse(body) as Record<string, unknown>;
      const { id: _id, ...rest } = parsed;
      return Object.fromEntries(Object.entries(rest).filter(([k]) => entity.fields[k]?.kind !== 'slug'));
    };
    const create = async (c: Client) => {
      const body = sample();
      const r = await c.call<{ id: number }>(api.save.path, body);
      expect(r, JSON.stringify(body)).toMatchObject({ status: 200, code: Code.OK });
      return { body, record: r.data as { id: number } & Record<string, unknown> };
    };

    describe(`${entity.name} as ${resource.name}`, () => {
      it('creates, reads, lists, updates and deletes', async () => {
        expect(entity.save.safeParse(sample()).success, 'the sample record is valid').toBe(true);
        const { body, record } = await create(owner);
        expect(record).toMatchObject({ ...shown(body), ...fixed });
        const got = await owner.call(api.get.path, { ...fixed, id: record.id });
        expect(got.data).toEqual(record);
        const listed = await owner.call<{ rows: { id: number }[]; total: number }>(api.list.path, {
          ...fixed,
          query: { filters: [{ col: 'id', value: [record.id], type: 'in' }] },
        });
        expect(listed.data).toEqual({ rows: [record], total: 1 });

        const change = { ...sample(), id: record.id };
        const updated = await owner.call(api.save.path, change);
        expect(updated.code, JSON.stringify(updated)).toBe(Code.OK);
        expect(updated.data).toMatchObject({ ...shown(change), id: record.id });

        expect((await owner.call(api.delete.path, { ...fixed, id: record.id })).data).toEqual({
          id: record.id,
        });
        const gone = await owner.call(api.get.path, { ...fixed, id: record.id });
        expect(gone).toMatchObject({ status: 404, code: Code.NOT_FOUND });
      });

      it('answers a bad field in the caller’s language', async () => {
        const field = formatField(entity);
        const messages = new Set<string>();
        for (const lang of LOCALES) {
          const c = t.client({ lang });
          c.cookies = owner.cookies;
          const errors = fieldErrors(await c.call(api.save.path, { ...sample(), [field]: { bad: true } }));
          expect(errors[field], lang).toBe(translate(lang, 'validation.format'));
          messages.add(errors[field]);
        }
        expect(messages.size).toBe(LOCALES.length);
      });

      const foreign = foreignOf(entity.fields, sample());
      itWhen(Object.keys(foreign.errors).length)(
        'refuses images and references that are not the site’s',
        async () => {
          const expected = Object.fromEntries(
            Object.entries(foreign.errors).map(([k, key]) => [k, translate('zh-TW', key)]),
          );
          expect(
            fieldErrors(await owner.call(api.save.path, foreignOf(entity.fields, sample()).body)),
          ).toEqual(expected);
        },
      );

      it('answers 404 for a record of another site, and changes nothing', async () => {
        const { body, record } = await create(owner);
        const ref = { ...fixed, id: record.id };
        for (const [path, call] of [
          [api.get.path, ref],
          [api.save.path, { ...body, id: record.id }],
          [api.delete.path, ref],
        ] as const) {
          expect(await stranger.call(path, call), path).toMatchObject({ status: 404, code: Code.NOT_FOUND });
        }
        expect((await owner.call(api.get.path, ref)).data).toEqual(record);
        await owner.call(api.delete.path, ref);
      });

      it('answers 403 to a role without the permission', async () => {
        const perms = entity.permissions;
        expect(holdsAny(new Set(['setting.view']), perms.list)).toBe(false);
        for (const [path, body] of [
          [api.list.path, { ...fixed }],
          [api.get.path, { ...fixed, id: 1 }],
          [api.save.path, sample()],
          [api.delete.path, { ...fixed, id: 1 }],
        ] as const) {
          expect(await outsider.call(path, body), path).toMatchObject({ status: 403, code: Code.FORBIDDEN });
        }
      });

      const { list: listPerm, edit: editPerm, create: createPerm } = entity.permissions;
      itWhen(typeof editPerm === 'string' && typeof listPerm === 'string' && createPerm !== editPerm)(
        'needs the create permission to create (id 0), not to change',
        async () => {
          const [role] = await t.database.db
            .insert(roles)
            .values({
              siteId: demoSiteId,
              name: `${resource.name} editor`,
              permissions: [listPerm, editPerm] as string[],
            })
            .returning();
          const editor = await staffOf(t, demoSiteId, `conformance-${resource.name}@example.com`, role.id);
          expect(await editor.call(api.save.path, sample())).toMatchObject({
            status: 403,
            code: Code.FORBIDDEN,
          });
          const { record } = await create(owner);
          const changed = await editor.call(api.save.path, { ...sample(), id: record.id });
          expect(changed.code, JSON.stringify(changed)).toBe(Code.OK);
          await owner.call(api.delete.path, { ...fixed, id: record.id });
        },
      );

      itWhen(entity.feature)('is refused on a plan without its feature', async () => {
        for (const [path, body] of [
          [api.list.path, { ...fixed }],
          [api.save.path, sample()],
        ] as const) {
          expect(await unplanned.call(path, body), path).toMatchObject({ status: 403, code: Code.FORBIDDEN });
        }
        // The same owner is served once the plan has it.
        expect((await stranger.call(api.list.path, { ...fixed })).code).toBe(Code.OK);
      });

      const own = entity.ownPermissions;
      itWhen(own)(
        'puts its own permissions in the role editor’s tree, for the roles of their group',
        async () => {
          if (!own) return;
          const ids = own.leaves.map((leaf) => `${entity.name}.${leaf}`);
          const group = PERMISSION_TREE.find((g) => g.id === own.group);
          const node = group?.children?.find((c) => c.id === entity.name);
          expect(node && leafIds([node])).toEqual(ids);
          expect(BUILTIN_ROLE_PERMISSIONS[ROLE.OWNER]).toEqual(expect.arrayContaining(ids));
          const byGroup = { content: ROLE.EDITOR, shop: ROLE.ECOMMERCE } as Record<string, number>;
          for (const [g, roleId] of Object.entries(byGroup))
            expect(BUILTIN_ROLE_PERMISSIONS[roleId].includes(ids[0]), `${g} role`).toBe(g === own.group);
          // A custom role is given them in the role editor, and its holder lists the entity, without editing it.
          const role = await owner.call<{ id: number; permissions: string[] }>('role/save', {
            id: 0,
            name: `${resource.name} viewer`,
            permissions: [entity.permissions.list],
          });
          expect(role.data.permissions, JSON.stringify(role)).toEqual([entity.permissions.list]);
          const viewer = await staffOf(
            t,
            demoSiteId,
            `conformance-own-${resource.name}@example.com`,
            role.data.id,
          );
          expect((await viewer.call(api.list.path, { ...fixed })).code).toBe(Code.OK);
          expect(await viewer.call(api.delete.path, { ...fixed, id: 1 })).toMatchObject({ status: 403 });
        },
      );

      const dates = Object.entries(entity.fields).filter(
        ([, field]) => field.input && (field.kind === 'date' || field.kind === 'dateTime'),
      );
      itWhen(dates.length)('refuses a day that does not exist, and answers a moment in UTC', async () => {
        const bad = (kind: string) => (kind === 'date' ? '2026-02-30' : '2026-02-30T10:00+08:00');
        for (const [name, field] of dates) {
          const errors = fieldErrors(
            await owner.call(api.save.path, { ...sample(), [name]: bad(field.kind) }),
          );
          expect(errors[name], name).toBe(translate('zh-TW', 'validation.format'));
        }
        const moments = dates.filter(([, field]) => field.kind === 'dateTime').map(([name]) => name);
        if (!moments.length) return;
        const body = {
          ...sample(),
          ...Object.fromEntries(moments.map((m) => [m, '2031-05-01T09:30:00+08:00'])),
        };
        const saved = await owner.call<Record<string, unknown> & { id: number }>(api.save.path, body);
        expect(saved.code, JSON.stringify(saved)).toBe(Code.OK);
        for (const m of moments) expect(saved.data[m]).toBe('2031-05-01T01:30:00.000Z');
        await owner.call(api.delete.path, { ...fixed, id: saved.data.id });
      });
    });
  }
}
