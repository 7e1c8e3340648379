import type { DeepStrings } from '../../types';
import type source from '../../zh-TW/entities/coupon';

const words: DeepStrings<typeof source> = {
  resources: {
    coupon: {
      name: 'クーポン |||| クーポン',
      fields: {
        id: 'ID',
        code: 'クーポンコード',
        title: '名前',
        percent: '割引率（%）',
        min_order: '最低注文金額',
        goods_ids: '対象商品',
        starts_on: '開始日',
        ends_at: '終了日時',
        active: '有効',
        active_true: '有効',
        active_false: '無効',
        created_at: '作成日時',
        updated_at: '更新日時',
      },
      filters: {
        code: 'クーポンコードを検索',
      },
      hints: {
        code: '英字、数字、-、_、. の 4～16 文字。サイト内で重複できません。',
        goods_ids: '選ばない場合はすべての商品が対象です。',
        ends_at: '空欄にすると期限なしになります。',
      },
      empty: 'クーポンはまだありません',
      emptyHint: '購入者がチェックアウトでコードを入力すると割引されます。',
      create: 'クーポンを追加',
      edit: 'クーポンを編集',
      saved: 'クーポンを保存しました',
      deleted: 'クーポンを削除しました',
      deleteTitle: 'クーポン「%{name}」を削除しますか？',
      deleteBody: 'このクーポンを使った注文には影響しません。元に戻せません。',
      notFound: 'このクーポンが見つかりません。削除された可能性があります。',
    },
  },
  permissions: {
    group: { coupon: 'クーポン' },
    leaf: {
      coupon: {
        view: 'クーポンの閲覧',
        add: 'クーポンの追加',
        edit: 'クーポンの編集',
        delete: 'クーポンの削除',
      },
    },
  },
};

export default words;
