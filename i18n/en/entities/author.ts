import type { DeepStrings } from '../../types';
import type source from '../../zh-TW/entities/author';

const author: DeepStrings<typeof source> = {
  resources: {
    author: {
      name: 'Author |||| Authors',
      fields: {
        id: 'ID',
        name: 'Name',
        title: 'Title',
        avatar: 'Avatar',
        member_id: 'Account',
        created_at: 'Created',
        updated_at: 'Updated',
      },
      filters: {
        name: 'Search author names',
      },
      hints: {
        avatar: 'A square image works best.',
      },
      empty: 'No authors yet',
      emptyHint: 'Authors appear in the bylines of articles.',
      create: 'New author',
      edit: 'Edit author',
      saved: 'Author saved',
      deleted: 'Author deleted',
      deleteTitle: 'Delete the author “%{name}”?',
      deleteBody: 'Items credited to this author will lose this byline. This cannot be undone.',
      notFound: 'This author could not be found; it may have been deleted.',
      linked: 'Linked account',
      yours: 'Your account',
      noTitle: 'No title',
      linkedTip:
        'An author linked to a member account can only be changed by that member in their profile, not edited or deleted here.',
      works: {
        action: 'Works',
        title: 'Works by “%{name}”',
        total: '%{smart_count} published or scheduled item |||| %{smart_count} published or scheduled items',
        empty: 'This author has no published or scheduled items yet.',
      },
      issue: {
        title: 'This author cannot be changed here',
        body: '“%{name}” is linked to a member account: its name, title and avatar can only be changed by that member in their profile, and it cannot be deleted here.',
        own: 'This is your own author profile: change it in your profile.',
        close: 'Got it',
      },
    },
  },
};

export default author;
