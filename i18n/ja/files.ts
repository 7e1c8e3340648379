import type { DeepStrings } from '../types';
import type filesSource from '../zh-TW/files';

const files: DeepStrings<typeof filesSource> = {
  resources: {
    file: {
      name: 'メディアライブラリ |||| メディアライブラリ',
      fields: {
        id: 'ID',
        name: 'ファイル名',
        size: 'ファイルサイズ',
        created_at: 'アップロード日時',
        q: 'キーワード',
      },
    },
  },
};

export default files;
