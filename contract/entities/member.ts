/**
 * Members (/member, /member/{id}; SPEC §3 Member profile, §7 `profile/*`): the site's readers as staff see them.
 * Staff add one by hand (`profile/save`, id 0: a save that only creates, within the plan's member limit), remove one
 * or several at once (`profile/remove`, `{id}` or `{ids}`) and export the list's filter as CSV (`profile/export`).
 * A member's tags and note change by their own calls on the record page, the CSV import has its preview, and the
 * tags, plans and limit feed the list's filters and counter (contract/api/members.ts). A member is more than a row
 * (their subscription, plan, payments and e-papers), so the server's hooks answer from the members service
 * (server/entities/member.ts); the record page, the add and import dialogs are the SPA's
 * (src/entities/overrides/member.tsx).
 */
import { z } from 'zod';
import { defineEntity, type EntityRecord, field } from '../entity';
import { bounded, f } from '../fields';
import { MEMBER_STATUSES } from '../memberConstants';
import {
  MEMBER_INTRO_MAX,
  MEMBER_NAME_MAX,
  MEMBER_NOTE_MAX,
  MemberEpaper,
  MemberPayment,
  MemberPlanRef,
  MemberStanding,
  MemberTags,
} from '../members';
import { RESOURCE_PERMISSIONS } from '../permissions';

/** Free tags (2–30 characters each, 20 at most), filtered one at a time as `tag`. */
const tags = {
  ...field.text(MemberTags.default([]), { list: true, filter: 'in', filterAs: 'tag' }),
  output: z.array(z.string()),
};

export const member = defineEntity({
  name: 'member',
  table: 'readers',
  title: 'email',
  updates: false,
  deleteMany: true,
  fields: {
    name: field.text(bounded(MEMBER_NAME_MAX).default(''), { list: true, sort: true }),
    email: field.text(f.email(), { list: true, sort: true }),
    /** The reader plan of their subscription, if any (filtered by plan id). */
    plan: field.readOnly(MemberPlanRef.nullable(), { list: true, filter: 'in' }),
    status: field.readOnly(z.enum(MEMBER_STATUSES), { list: true, filter: 'in', sort: true }),
    tags,
    created_at: field.dateTime({ list: true, sort: true }),
    /** Filtered by 1 or 0. */
    epaper_opt_in: field.readOnly(z.boolean(), { list: true, filter: 'in' }),
    intro: field.longText(bounded(MEMBER_INTRO_MAX).default('')),
    /** Staff's note; SPEC's `meta.note` too. */
    note: field.longText(bounded(MEMBER_NOTE_MAX).default('')),
    meta: field.readOnly(z.object({ note: z.string() })),
    /** How they joined: signup, import, staff, follow. */
    source: field.readOnly(z.string()),
  },
  // Over the name and the e-mail address.
  searches: { keyword: 'own' },
  sample: (n) => ({ email: `member-${n}@example.com`, name: `樣本會員 ${n}`, tags: ['樣本'] }),
  detail: {
    standing: MemberStanding,
    following: z.boolean(),
    last_seen_at: z.string().nullable(),
    payments: z.array(MemberPayment),
    epapers: z.array(MemberEpaper),
  },
  // The columns an import reads back (name, email, intro, tags, note) first.
  export: {
    columns: ['name', 'email', 'intro', 'tags', 'note', 'status', 'plan', 'epaper', 'source', 'created'],
    file: 'members',
  },
  paths: {
    list: 'profile/list',
    get: 'profile/get',
    save: 'profile/save',
    delete: 'profile/remove',
    export: 'profile/export',
  },
  permissions: RESOURCE_PERMISSIONS.member,
  defaultSort: { col: 'created_at', order: 'desc' },
  menu: { group: 'members', order: 10, icon: () => import('@mui/icons-material/PeopleAltOutlined') },
});

/** A member as the list shows them, and as their record page does (`profile/get`). */
export type Member = EntityRecord<typeof member>;
export const MemberDetail = member.api.get.output;
export type MemberDetail = z.output<typeof MemberDetail>;
/** What staff send to add one (`profile/save`). */
export type MemberSaveInput = z.input<typeof member.save>;
