import type { DeepStrings } from '../types';
import type labelsScreensSource from '../zh-TW/labelsScreens';

/** en words: the label screens' own (and the image upload field's) (see zh-TW/labelsScreens.ts). */
const labelsScreens: DeepStrings<typeof labelsScreensSource> = {
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
};

export default labelsScreens;
