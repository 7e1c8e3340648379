/**
 * Conformance tests generated per entity: every declaration of contract/entities (found as the server finds them,
 * server/entities/registry.ts), the fixture entity (tests/fixtures/entities/note.ts) and the example entities of
 * docs/examples (tests/fixtures/entities/examples.ts), once per resource, over HTTP, for the ops it serves (`ops`).
 * For each: create, read, update (unless its save only creates, `updates: false`: then an id is refused) and delete
 * (several at once when it says `deleteMany`; an entity that does not save reads and lists a record made as the app
 * makes it, tests/fixtures/entities/records.ts; one that saves without creating, `creates: false`, changes and
 * deletes such a record, and refuses id 0); a validation message in each language; another site's id answers
 * 404; a role without the permission gets 403; a plan without the entity's feature is refused; its own permissions
 * (if it declares some) in the role editor's tree and in the built-in roles of their group; its dates refused when
 * they do not exist; its searches and day range; its CSV export (header in each language, refusals). A valid record
 * is derived from the field rules (contract/entitySample.ts), referring to records the tests make first, or taken
 * from the declaration's `sample`. A new entity gets these by being declared.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../contract/codes';
import { LOCALES } from '../../contract/constants';
import type { Entity, Fields } from '../../contract/entity';
import {
  type EntityResource,
  permissionsOf,
  rangeField,
  resourcesOf,
  updates,
} from '../../contract/entityBrief';
import { sampleOf } from '../../contract/entitySample';
import {
  BUILTIN_ROLE_PERMISSIONS,
  holdsAny,
  leafIds,
  PERM,
  PERMISSION_TREE,
  ROLE,
} from '../../contract/permissions';
import { deleteBody, entityResourceApi } from '../../contract/resources';
import { wallTime } from '../../contract/zoned';
import type { ServedEntity } from '../../server/entities/hooks';
import { declaredEntities } from '../../server/entities/registry';
import { t as translate } from '../../server/i18n';
import { roles, sites } from '../../server/modules/tables';
import { exampleEntities } from '../fixtures/entities/examples';
import { noteEntity } from '../fixtures/entities/note';
import { recordMakers } from '../fixtures/entities/records';
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
const served: ServedEntity[] = [...(await declaredEntities()), ...fixtures];
const entities: Entity[] = served.map((s) => s.entity);
/** An entity's words on the server (its CSV's header), as its words files say. */
const wordsOf = new Map(served.map((s) => [s.entity.name, s.words]));

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

/**
 * A field whose rule refuses an object, and so answers 格式錯誤 in the caller's language (a save of the catalogue,
 * whose fields are the record's, its title).
 */
const formatField = (e: Entity) => Object.keys(e.fields).find((k) => e.fields[k].input) ?? e.title;

/** An export's CSV as the caller gets it (a raw reply; a refusal is an envelope). */
async function csvOf(c: Client, path: string, body: object, lang = 'zh-TW') {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/${path}`,
    headers: {
      'content-type': 'application/json',
      'accept-language': lang,
      cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    },
    payload: JSON.stringify(body),
  });
  return { status: res.statusCode, type: String(res.headers['content-type']), body: res.body };
}

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
    const { save } = target.entity.api;
    const maker = recordMakers[target.entity.name];
    if ((!save || target.entity.creates === false) && maker)
      return void made.set(resource, await maker(t, demoSiteId));
    const body = { id: 0, ...target.fixed, ...recordOf(target.entity) };
    const r = await owner.call<{ id: number }>(save?.path ?? `${resource} does not save`, body);
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
  for (const resource of resources.length ? resources : [{ name: entity.name } as EntityResource]) {
    // The resource's mapping (contract/resources.ts): its fixed fields in the body, or in the query string.
    const mapping = entityResourceApi(entity, resource);
    const fixed = mapping.extra ?? {};
    const at = (path: string) => (mapping.query ? `${path}?${new URLSearchParams(mapping.query)}` : path);
    const { api } = entity;
    const { save: saves, delete: deletes } = api;
    /** Whether its save makes records (id 0), or only changes those made elsewhere. */
    const creates = saves && entity.creates !== false;
    const sample = () => ({ id: 0, ...fixed, ...recordOf(entity) });
    /**
     * The saved values a record shows as sent (after the rule's trimming and defaults): its editable fields, and its
     * title (a save of the catalogue, whose fields are the record's).
     */
    const shown = (body: Record<string, unknown>) => {
      const parsed = entity.save.parse(body) as Record<string, unknown>;
      const { id: _id, ...rest } = parsed;
      return Object.fromEntries(
        Object.entries(rest).filter(
          ([k]) => (entity.fields[k]?.input || k === entity.title) && entity.fields[k]?.kind !== 'slug',
        ),
      );
    };
    type Saved = { id: number } & Record<string, unknown>;
    /** The record a save made or changed: its answer, or (a save answering a summary) read again. */
    const savedRecord = async (c: Client, answer: Saved) =>
      mapping.reread ? (await c.call<Saved>(at(api.get.path), { ...fixed, id: answer.id })).data : answer;
    const create = async (c: Client) => {
      const body = sample();
      const r = await c.call<Saved>(at((saves as { path: string }).path), body);
      expect(r, JSON.stringify(body)).toMatchObject({ status: 200, code: Code.OK });
      return { body, record: await savedRecord(c, r.data) };
    };
    /** A record of the demo site: saved through the API, or made as the app makes it (an entity that does not save). */
    const anyRecord = async () => {
      if (creates) return (await create(owner)).record;
      const make = recordMakers[entity.name];
      expect(
        make,
        `${entity.name} does not create: tests/fixtures/entities/records.ts must make one`,
      ).toBeDefined();
      const id = await make(t, demoSiteId);
      const got = await owner.call<{ id: number } & Record<string, unknown>>(at(api.get.path), {
        ...fixed,
        id,
      });
      expect(got.code, JSON.stringify(got)).toBe(Code.OK);
      return got.data;
    };
    const remove = async (id: number) => {
      if (deletes) await owner.call(at(deletes.path), deleteBody(mapping, id));
    };
    /** A save that changes records, not only makes them (`updates: false`). */
    const changes = saves && updates(entity);
    /** What a delete of `ids` answers: `{ids}` when it deletes several at once, else `{id}`. */
    const deleted = (...ids: number[]) => (entity.deleteMany ? { ids } : { id: ids[0] });
    const listed = (c: Client, filters: object[]) =>
      c.call<{ rows: ({ id: number } & Record<string, unknown>)[]; total: number }>(at(api.list.path), {
        ...fixed,
        query: { filters },
      });

    describe(`${entity.name} as ${resource.name}`, () => {
      itWhen(creates)('creates, reads, lists, updates and deletes', async () => {
        if (!saves) return;
        expect(entity.save.safeParse(sample()).success, 'the sample record is valid').toBe(true);
        const { body, record } = await create(owner);
        expect(record).toMatchObject({ ...shown(body), ...fixed });
        const got = await owner.call(at(api.get.path), { ...fixed, id: record.id });
        expect(got.data).toEqual(record);
        const list = (await listed(owner, [{ col: 'id', value: [record.id], type: 'in' }])).data;
        if (entity.endpoints?.get) {
          // A record of the catalogue's get is more than the list's row, which is the declaration's record.
          expect(list.total).toBe(1);
          expect(list.rows[0]).toMatchObject({ id: record.id, [entity.title]: record[entity.title] });
          expect(entity.record.parse(list.rows[0])).toEqual(list.rows[0]);
        } else {
          // The list's row is the record without its `detail` (a record page's more).
          expect(list).toEqual({ rows: [entity.detail ? entity.record.parse(record) : record], total: 1 });
        }

        if (changes) {
          const change = { ...sample(), id: record.id };
          const updated = await owner.call<Saved>(at(saves.path), change);
          expect(updated.code, JSON.stringify(updated)).toBe(Code.OK);
          expect(await savedRecord(owner, updated.data)).toMatchObject({ ...shown(change), id: record.id });
        } else {
          // A save that only creates refuses an id.
          const refused = await owner.call(at(saves.path), { ...sample(), id: record.id });
          expect(fieldErrors(refused), JSON.stringify(refused)).toHaveProperty('id');
        }
        if (!deletes) return;
        const removed = await owner.call(at(deletes.path), deleteBody(mapping, record.id));
        expect(removed.code, JSON.stringify(removed)).toBe(Code.OK);
        // A delete of its own answers the id (the ids, when it deletes several at once); one by another action
        // (deleteWith) that action's answer.
        if (!entity.deleteWith) expect(removed.data).toEqual(deleted(record.id));
        const gone = await owner.call(at(api.get.path), { ...fixed, id: record.id });
        expect(gone).toMatchObject({ status: 404, code: Code.NOT_FOUND });
      });

      itWhen(creates && deletes && entity.deleteMany)(
        'deletes several records in one call, or none when one is not the site’s',
        async () => {
          if (!deletes) return;
          const [a, b] = [(await create(owner)).record.id, (await create(owner)).record.id];
          const ids = [a, b];
          const refused = await owner.call(deletes.path, { ...fixed, ids: [...ids, UNKNOWN_ID] });
          expect(refused).toMatchObject({ status: 404, code: Code.NOT_FOUND });
          expect((await listed(owner, [{ col: 'id', value: ids, type: 'in' }])).data.total).toBe(2);
          expect(await stranger.call(deletes.path, { ...fixed, ids })).toMatchObject({ status: 404 });
          expect((await owner.call(deletes.path, { ...fixed, ids })).data).toEqual(deleted(...ids));
          expect((await listed(owner, [{ col: 'id', value: ids, type: 'in' }])).data.total).toBe(0);
        },
      );

      itWhen(saves && !creates)(
        'reads, lists, changes and deletes a record made elsewhere, and creates none',
        async () => {
          if (!saves) return;
          expect(entity.save.safeParse({ ...sample(), id: 1 }).success, 'the sample record is valid').toBe(
            true,
          );
          const record = await anyRecord();
          expect((await listed(owner, [{ col: 'id', value: [record.id], type: 'in' }])).data).toEqual({
            rows: [entity.record.parse(record)],
            total: 1,
          });
          const change = { ...sample(), id: record.id };
          const updated = await owner.call(saves.path, change);
          expect(updated.code, JSON.stringify(updated)).toBe(Code.OK);
          expect(updated.data).toMatchObject({ ...shown(change), id: record.id });
          expect((await owner.call(api.get.path, { ...fixed, id: record.id })).data).toEqual(updated.data);
          // Id 0 is no record: refused as a bad id, nothing made.
          expect(fieldErrors(await owner.call(saves.path, sample()))).toHaveProperty('id');
          if (!deletes) return;
          expect((await owner.call(deletes.path, { ...fixed, id: record.id })).data).toEqual(
            deleted(record.id),
          );
          const gone = await owner.call(api.get.path, { ...fixed, id: record.id });
          expect(gone).toMatchObject({ status: 404, code: Code.NOT_FOUND });
        },
      );

      itWhen(!saves)('reads and lists a record, and serves only its ops', async () => {
        const record = await anyRecord();
        const list = await listed(owner, [{ col: 'id', value: [record.id], type: 'in' }]);
        expect(list.data.total).toBe(1);
        // The record page's record holds the list's row (and its `detail`).
        expect(record).toMatchObject(list.data.rows[0]);
        expect(entity.record.parse(record)).toEqual(list.data.rows[0]);
        const unknown = await owner.call(at(api.get.path), { ...fixed, id: UNKNOWN_ID });
        expect(unknown).toMatchObject({ status: 404, code: Code.NOT_FOUND });
        for (const op of ['save', 'delete'] as const) expect(api[op], op).toBeUndefined();
      });

      it('answers a bad field in the caller’s language', async () => {
        const messages = new Set<string>();
        for (const lang of LOCALES) {
          const c = t.client({ lang });
          c.cookies = owner.cookies;
          // A bad field of the save; without one, a filter the list does not take.
          const field = saves ? formatField(entity) : 'query.filters.0.col';
          const errors = fieldErrors(
            saves
              ? await c.call(at(saves.path), { ...sample(), [field]: { bad: true } })
              : await listed(c, [{ col: 'no_such_filter', value: 'x', type: 'search' }]),
          );
          expect(errors[field], lang).toBe(translate(lang, 'validation.format'));
          messages.add(errors[field]);
        }
        expect(messages.size).toBe(LOCALES.length);
      });

      const foreign = saves ? foreignOf(entity.fields, sample()) : { errors: {} };
      itWhen(saves && Object.keys(foreign.errors).length)(
        'refuses images and references that are not the site’s',
        async () => {
          if (!saves) return;
          const expected = Object.fromEntries(
            Object.entries(foreign.errors).map(([k, key]) => [k, translate('zh-TW', key)]),
          );
          expect(
            fieldErrors(await owner.call(at(saves.path), foreignOf(entity.fields, sample()).body)),
          ).toEqual(expected);
        },
      );

      it('answers 404 for a record of another site, and changes nothing', async () => {
        const record = await anyRecord();
        const ref = { ...fixed, id: record.id };
        const calls: [string, object][] = [[at(api.get.path), ref]];
        if (saves && changes) calls.push([at(saves.path), { ...sample(), id: record.id }]);
        if (deletes) calls.push([at(deletes.path), deleteBody(mapping, record.id)]);
        for (const [path, call] of calls)
          expect(await stranger.call(path, call), path).toMatchObject({ status: 404, code: Code.NOT_FOUND });
        expect((await owner.call(at(api.get.path), ref)).data).toEqual(record);
        await remove(record.id);
      });

      it('answers 403 to a role without the permission', async () => {
        const perms = permissionsOf(entity, resource);
        expect(holdsAny(new Set(['setting.view']), perms.list)).toBe(false);
        const calls: [string, object][] = [
          [at(api.list.path), { ...fixed }],
          [at(api.get.path), { ...fixed, id: 1 }],
        ];
        if (saves) calls.push([at(saves.path), sample()]);
        if (deletes) calls.push([at(deletes.path), deleteBody(mapping, 1)]);
        if (api.export) calls.push([at(api.export.path), { ...fixed }]);
        for (const [path, body] of calls)
          expect(await outsider.call(path, body), path).toMatchObject({ status: 403, code: Code.FORBIDDEN });
      });

      const { list: listPerm, edit: editPerm, create: createPerm } = permissionsOf(entity, resource);
      itWhen(
        creates &&
          changes &&
          typeof editPerm === 'string' &&
          typeof listPerm === 'string' &&
          createPerm !== editPerm,
      )('needs the create permission to create (id 0), not to change', async () => {
        if (!saves) return;
        const [role] = await t.database.db
          .insert(roles)
          .values({
            siteId: demoSiteId,
            name: `${resource.name} editor`,
            // Seeing every item (post.view_all), so that content's sight rules leave the owner's in sight.
            permissions: [...new Set([listPerm, editPerm, PERM.postViewAll])] as string[],
          })
          .returning();
        const editor = await staffOf(t, demoSiteId, `conformance-${resource.name}@example.com`, role.id);
        expect(await editor.call(at(saves.path), sample())).toMatchObject({
          status: 403,
          code: Code.FORBIDDEN,
        });
        const { record } = await create(owner);
        const changed = await editor.call(at(saves.path), { ...sample(), id: record.id });
        expect(changed.code, JSON.stringify(changed)).toBe(Code.OK);
        await remove(record.id);
      });

      itWhen(entity.feature ?? resource.feature)('is refused on a plan without its feature', async () => {
        const calls: [string, object][] = [[at(api.list.path), { ...fixed }]];
        if (saves) calls.push([at(saves.path), sample()]);
        if (api.export) calls.push([at(api.export.path), { ...fixed }]);
        for (const [path, body] of calls)
          expect(await unplanned.call(path, body), path).toMatchObject({ status: 403, code: Code.FORBIDDEN });
        // The same owner is served once the plan has it.
        expect((await stranger.call(at(api.list.path), { ...fixed })).code).toBe(Code.OK);
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
          expect((await viewer.call(at(api.list.path), { ...fixed })).code).toBe(Code.OK);
          const write = deletes ?? saves;
          if (write)
            expect(await viewer.call(at(write.path), { ...fixed, id: 1 })).toMatchObject({ status: 403 });
        },
      );

      const dates = Object.entries(entity.fields).filter(
        ([, field]) => field.input && (field.kind === 'date' || field.kind === 'dateTime'),
      );
      itWhen(saves && dates.length)(
        'refuses a day that does not exist, and answers a moment in UTC',
        async () => {
          if (!saves) return;
          const bad = (kind: string) => (kind === 'date' ? '2026-02-30' : '2026-02-30T10:00+08:00');
          for (const [name, field] of dates) {
            const errors = fieldErrors(
              await owner.call(at(saves.path), { ...sample(), [name]: bad(field.kind) }),
            );
            expect(errors[name], name).toBe(translate('zh-TW', 'validation.format'));
          }
          const moments = dates.filter(([, field]) => field.kind === 'dateTime').map(([name]) => name);
          if (!moments.length) return;
          const body = {
            ...sample(),
            ...Object.fromEntries(moments.map((m) => [m, '2031-05-01T09:30:00+08:00'])),
          };
          const saved = await owner.call<Record<string, unknown> & { id: number }>(at(saves.path), body);
          expect(saved.code, JSON.stringify(saved)).toBe(Code.OK);
          for (const m of moments) expect(saved.data[m]).toBe('2031-05-01T01:30:00.000Z');
          await remove(saved.data.id);
        },
      );

      const range = rangeField(entity.fields);
      const searches = Object.entries(entity.searches ?? {});
      itWhen(range || searches.length)('filters by its searches and its day range', async () => {
        const record = await anyRecord();
        const ids = async (filters: object[]) => {
          const r = await listed(owner, [{ col: 'id', value: [record.id], type: 'in' }, ...filters]);
          expect(r.code, JSON.stringify(r)).toBe(Code.OK);
          return r.data.rows.map((row) => row.id);
        };
        for (const [name, how] of searches) {
          // Over fields: the record's first one finds it; its own: answered (the entity's tests say what it finds).
          const value = how === 'own' ? 'x' : String(record[how[0]]);
          const found = await ids([{ col: name, value, type: 'search' }]);
          if (how !== 'own') expect(found, name).toEqual([record.id]);
          expect(await ids([{ col: name, value: `${value}-no-such-thing`, type: 'search' }]), name).toEqual(
            [],
          );
        }
        if (!range) return;
        const [site] = await t.database.db.select().from(sites).where(eq(sites.id, demoSiteId));
        const value = String(record[range]);
        const day = entity.fields[range].kind === 'date' ? value : wallTime(value, site.timezone).date;
        const span = (from: string, to: string) => [
          { col: 'from', value: from, type: 'search' },
          { col: 'to', value: to, type: 'search' },
        ];
        expect(await ids(span(day, day))).toEqual([record.id]);
        expect(await ids(span('2000-01-01', '2000-01-02'))).toEqual([]);
        const bad = await listed(owner, [{ col: 'from', value: '2026-02-30', type: 'search' }]);
        expect(fieldErrors(bad)).toHaveProperty(['query.filters.0.value']);
        await remove(record.id);
      });

      const exported = api.export;
      itWhen(exported)('exports the list as CSV, its header in the caller’s language', async () => {
        if (!exported) return;
        const columns = entity.export?.columns ?? [];
        const record = await anyRecord();
        const query = { filters: [{ col: 'id', value: [record.id], type: 'in' }] };
        const headers = new Set<string>();
        for (const lang of LOCALES) {
          const csv = await csvOf(owner, at(exported.path), { ...fixed, query }, lang);
          expect(csv.status).toBe(200);
          expect(csv.type).toContain('text/csv');
          const lines = csv.body.slice(1).trimEnd().split('\r\n');
          const words = wordsOf.get(entity.name);
          expect(lines[0]).toBe(
            columns.map((c) => words?.(lang, `resources.${resource.name}.export.header.${c}`)).join(','),
          );
          expect(lines.length, lang).toBeGreaterThan(1);
          // Its row: the first column, when it is a field, is the record's.
          if (columns[0] in entity.fields) expect(lines[1]).toContain(String(record[columns[0]]));
          headers.add(lines[0]);
        }
        expect(headers.size).toBe(LOCALES.length);
        // Another site's export holds none of this site's records.
        const theirs = await csvOf(stranger, at(exported.path), { ...fixed, query });
        expect(theirs.body.slice(1).trimEnd().split('\r\n')).toHaveLength(1);
        await remove(record.id);
      });
    });
  }
}
