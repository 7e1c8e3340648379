import type { DeepStrings } from '../types';
import type filesScreensSource from '../zh-TW/filesScreens';

/** en words: the file library's own (see zh-TW/filesScreens.ts). */
const filesScreens: DeepStrings<typeof filesScreensSource> = {
  files: {
    usage: '%{used} MB of %{quota} MB used',
    upload: 'Upload images',
    search: 'Search file names',
    empty: 'No images yet',
    emptyHint:
      'Uploaded images appear here, ready for covers, articles, author photos and site settings. You can also drop images here.',
    noMatch: 'No images match',
    queue: {
      title: 'Upload progress',
      uploading: 'Uploading… %{percent}%',
      done: 'Uploaded',
      failed: 'Upload failed',
      dismiss: 'Dismiss',
    },
    preview: {
      title: 'Image details',
      name: 'File name',
      dimensions: 'Dimensions',
      size: 'File size',
      type: 'Format',
      created: 'Uploaded',
      address: 'Address',
      copy: 'Copy address',
      copied: 'Address copied',
      copyFailed: 'Could not copy; please select the address by hand.',
      open: 'Open in a new tab',
      notFound: 'This image was not found; it may have been deleted.',
    },
    delete: {
      title: 'Delete the image "%{name}"?',
      body: 'The image is removed from the library and from storage; articles, covers or settings using it will no longer show it. This cannot be undone.',
      done: 'Image deleted',
    },
    picker: {
      open: 'Choose from library',
      title: 'Choose an image',
      hint: 'Upload a new image or pick one from the library. Double-click to use it at once.',
      hintChooseOnly: 'Pick an image from the library. Double-click to use it at once.',
      use: 'Use this image',
    },
    favicon: {
      choose: 'Upload icon',
      replace: 'Replace icon',
      hint: 'PNG or ICO, nearly square, at least 16×16 pixels, up to %{mb} MB',
      notIcon: 'Only PNG or ICO icons can be uploaded',
    },
  },
};

export default filesScreens;
