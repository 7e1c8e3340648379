/**
 * en words: the member entity (contract/entities/member.ts): its list, filters, delete and CSV export; the
 * notices, the delete confirmation and the CSV's header as ../members.ts says them (a unit test keeps them equal).
 */
import type { DeepStrings } from '../../types';
import type zh from '../../zh-TW/entities/member';

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
      notFound: 'This member was not found; they may have been removed.',
      create: 'Add member',
      edit: 'Member',
      saved: 'Member added',
      deleted: 'Member removed',
      deleteTitle: 'Remove "%{name}"?',
      deleteBody: "The member's sign-ins, subscription and payments are deleted too. This cannot be undone.",
      export: {
        label: 'Export CSV',
        done: 'Member list downloaded',
        header: {
          name: 'Name',
          email: 'Email',
          intro: 'Intro',
          tags: 'Tags',
          note: 'Note',
          status: 'Status',
          plan: 'Plan',
          epaper: 'E-paper',
          source: 'Source',
          created: 'Joined',
        },
      },
    },
  },
};

export default words;
