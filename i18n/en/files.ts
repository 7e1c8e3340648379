import type { DeepStrings } from '../types';
import type filesSource from '../zh-TW/files';

const files: DeepStrings<typeof filesSource> = {
  resources: {
    file: {
      name: 'Media library |||| Media library',
      fields: {
        id: 'ID',
        name: 'File name',
        size: 'File size',
        created_at: 'Uploaded',
        q: 'Keyword',
      },
    },
  },
};

export default files;
