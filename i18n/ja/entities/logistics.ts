import type { DeepStrings } from '../../types';
import type source from '../../zh-TW/entities/logistics';

const logistics: DeepStrings<typeof source> = {
  resources: {
    logistics: {
      name: '配送方法 |||| 配送方法',
      fields: {
        id: 'ID',
        name: '名称',
        description: '説明',
        content: '配送について',
        fee: '送料',
        free_threshold: '送料無料の基準額',
        place_id: '受け取り場所',
        status: 'ステータス',
        status_online: '有効',
        status_offline: '無効',
        created_at: '作成日時',
        updated_at: '更新日時',
      },
      filters: {
        name: '配送方法を検索',
      },
      hints: {
        description: '購入手続きで配送方法の下に表示されます。',
        free_threshold: '注文金額がこの額以上なら送料無料。0 は無料にしません',
        place_id: 'スポットを選ぶと、そのスポットでの受け取りになります。カートに名称と住所が表示されます。',
      },
      empty: '配送方法はまだありません',
      emptyHint: '購入手続きで、購入者は有効な配送方法から 1 つを選びます。',
      create: '新しい配送方法',
      edit: '配送方法を編集',
      saved: '配送方法を保存しました',
      deleted: '配送方法を削除しました',
      deleteTitle: '配送方法「%{name}」を削除しますか？',
      deleteBody: '作成済みの注文には当時の配送方法と送料が残ります。元に戻せません。',
      notFound: 'この配送方法が見つかりません。削除された可能性があります。',
    },
  },
};

export default logistics;
