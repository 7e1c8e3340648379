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
  labels: {
    title: 'Tags and categories',
    tabs: { tag: 'Tags', category: 'Categories' },
    languages: {
      '1': 'Traditional Chinese',
      '2': 'Simplified Chinese',
      '3': 'English',
      '4': 'Japanese',
      '5': 'Korean',
    },
    languagesShort: { '1': 'ZH-TW', '2': 'ZH-CN', '3': 'EN', '4': 'JA', '5': 'KO' },
    langTabs: 'Content languages',
    required: 'Required',
    filled: 'Filled in',
    hasError: 'Some fields need fixing',
    slugHint:
      'Starts with a lowercase letter; lowercase letters, digits and hyphens. Left empty, it is made from the Traditional Chinese name.',
    slugAuto: 'Made from the Traditional Chinese name',
    previewPath: 'Preview address: %{path}',
    activeHint: 'Shown on these language versions of the site.',
    coverHint: 'The cover image for this language.',
    notFound: 'This item could not be found; it may have been deleted.',
  },
  imageUpload: {
    choose: 'Upload image',
    replace: 'Replace image',
    remove: 'Remove image',
    uploading: 'Uploading… %{percent}%',
    hint: 'JPG, PNG, WebP or GIF, under %{mb} MB',
    notImage: 'Only JPG, PNG, WebP or GIF images can be uploaded',
    broken: 'The image could not be loaded',
    preview: 'Image preview',
    empty: 'No image yet',
  },
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
