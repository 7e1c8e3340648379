import type { DeepStrings } from '../types';
import type labelsSource from '../zh-TW/labels';

const labels: DeepStrings<typeof labelsSource> = {
  resources: {
    category: {
      name: 'カテゴリー |||| カテゴリー',
      fields: {
        id: 'ID',
        name: '名前',
        created_at: '作成日時',
        updated_at: '更新日時',
        q: 'キーワード',
      },
      filters: {
        title: '絞り込み',
        keyword: 'カテゴリー名で検索',
      },
      empty: 'カテゴリーはまだありません',
      emptyHint: 'カテゴリーは、読者が同じテーマの記事を見つける手助けになります。',
    },
  },
};

export default labels;
