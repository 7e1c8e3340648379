/**
 * en words: the member entity (contract/entities/member.ts): its list, filters, delete and CSV export; the
 * notices, the delete confirmation and the CSV's header as ../members.ts says them (taken from there).
 */
import type { DeepStrings } from '../../types';
import type zh from '../../zh-TW/entities/member';
import area from '../members';

// The notices and the CSV's header are the members screens' words (the header: those an import reads back).
const m = area.members;
const { yes: _yes, no: _no, ...header } = m.csv;

const words: DeepStrings<typeof zh> = {
  resources: {
    member: {
      name: 'Member |||| Members',
      fields: {
        id: 'ID',
        name: 'Name',
        email: 'Email',
        intro: 'Intro',
        tags: 'Tags',
        note: 'Note',
        plan: 'Plan',
        status: 'Status',
        created_at: 'Joined',
        epaper_opt_in: 'E-paper',
        source: 'Source',
        meta: 'Other details',
      },
      filters: {
        keyword: 'Search name or email',
        tag: 'Tag',
        plan: 'Plan',
        status: 'Status',
        epaper_opt_in: 'E-paper',
      },
      empty: 'No members yet',
      emptyHint: 'Readers appear here once they sign up or follow the site, or once you add or import them.',
      notFound: m.detail.notFound,
      create: m.addDialog.title,
      edit: 'Member',
      saved: m.added,
      deleted: m.detail.removed,
      deleteTitle: m.detail.removeTitle,
      deleteBody: m.detail.removeBody,
      export: { label: m.export, done: m.exported, header },
    },
  },
};

export default words;
