import type { DeepStrings } from '../types';
import type contentSource from '../zh-TW/content';

const fields = {
  id: 'ID',
  title: 'Title',
  status: 'Status',
  author: 'Authors',
  category: 'Category',
  tag: 'Tags',
  publish_ts: 'Published',
  updated_at: 'Updated',
  to_top: 'Pinned',
  lang_id: 'Language',
  keyword: 'Keyword',
};

const content: DeepStrings<typeof contentSource> = {
  resources: {
    press: {
      name: 'Article |||| Articles',
      fields,
      empty: 'No articles yet',
      emptyHint: 'Write your first article; once published, readers can find it on the site.',
      create: 'New article',
      edit: 'Edit article',
      saved: 'Article saved',
      deleted: 'Article deleted',
      deleteTitle: 'Delete the article “%{name}”?',
      deleteBody: 'This cannot be undone.',
      filters: { keyword: 'Search titles' },
    },
    page: {
      name: 'Page |||| Pages',
      fields,
      empty: 'No pages yet',
      emptyHint: 'Pages suit content that rarely changes, such as “About us” or “Contact”.',
      create: 'New page',
      edit: 'Edit page',
      saved: 'Page saved',
      deleted: 'Page deleted',
      deleteTitle: 'Delete the page “%{name}”?',
      deleteBody: 'This cannot be undone.',
      filters: { keyword: 'Search titles' },
    },
    epaper: {
      name: 'E-paper |||| E-papers',
      fields,
      empty: 'No e-papers yet',
      emptyHint: 'Write an e-paper to round up recent content for your readers.',
      create: 'New e-paper',
      edit: 'Edit e-paper',
      saved: 'E-paper saved',
      deleted: 'E-paper deleted',
      deleteTitle: 'Delete the e-paper “%{name}”?',
      deleteBody: 'This cannot be undone.',
      filters: { keyword: 'Search titles' },
    },
  },
};

export default content;
