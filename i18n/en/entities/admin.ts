/** en words: the staff entity (contract/entities/admin.ts): its list, filters, removal and CSV export. */
import type { DeepStrings } from '../../types';
import type source from '../../zh-TW/entities/admin';

const words: DeepStrings<typeof source> = {
  resources: {
    admin: {
      name: 'Staff |||| Staff',
      fields: {
        id: 'ID',
        nickname: 'Nickname',
        email: 'E-mail',
        avatar: 'Avatar',
        role: 'Role',
        roles: 'Role',
        joined_at: 'Joined',
        is_self: 'You',
        is_owner: 'Owner',
      },
      filters: {
        keyword: 'Search nickname or e-mail',
        nickname: 'Nickname',
        email: 'E-mail',
      },
      empty: 'No other staff yet',
      emptyHint: 'People you invite appear here once they join.',
      notFound: 'This staff member was not found; they may have been removed.',
      create: 'Invite staff',
      edit: 'Staff member',
      saved: 'Role updated',
      deleted: 'Staff member removed',
      deleteTitle: 'Remove "%{name}"?',
      deleteBody: 'They will no longer manage this site; their account itself stays.',
      export: {
        label: 'Export CSV',
        done: 'Staff list downloaded',
        header: {
          nickname: 'Nickname',
          email: 'E-mail',
          role: 'Role',
          status: 'Status',
          date: 'Date',
        },
      },
    },
  },
};

export default words;
