import type { DeepStrings } from '../types';
import type labelsSource from '../zh-TW/labels';

/** The fields of a label, the same for tags and categories. */
const labelFields = {
  id: 'ID',
  name: 'Name',
  slug: 'Slug',
  active: 'Languages',
  count: 'Used by',
  preview: 'Preview address',
  cover: 'Cover',
  lang: 'Per language',
  title: 'Name',
  created_at: 'Created',
  updated_at: 'Updated',
  q: 'Keyword',
};

const labels: DeepStrings<typeof labelsSource> = {
  resources: {
    label: {
      name: 'Tags and categories |||| Tags and categories',
    },
    tag: {
      name: 'Tag |||| Tags',
      fields: labelFields,
      filters: {
        title: 'Filters',
        name: 'Search tag names',
        slug: 'Search slugs',
      },
      empty: 'No tags yet',
      emptyHint: 'Tags link related articles across categories.',
      create: 'New tag',
      edit: 'Edit tag',
      saved: 'Tag saved',
      deleted: 'Tag deleted',
      deleteTitle: 'Delete the tag “%{name}”?',
      deleteBody: 'This cannot be undone.',
      deleteUsed: '%{count} items use this tag; it will be removed from them.',
    },
    category: {
      name: 'Category |||| Categories',
      fields: labelFields,
      filters: {
        title: 'Filters',
        name: 'Search category names',
        slug: 'Search slugs',
      },
      empty: 'No categories yet',
      emptyHint: 'Categories help readers find articles on one subject.',
      create: 'New category',
      edit: 'Edit category',
      saved: 'Category saved',
      deleted: 'Category deleted',
      deleteTitle: 'Delete the category “%{name}”?',
      deleteBody: 'This cannot be undone.',
      deleteUsed: '%{count} items are in this category; they will be left without a category.',
    },
  },
};

export default labels;
