import type { DeepStrings } from '../../types';
import type source from '../../zh-TW/entities/goods';

const goods: DeepStrings<typeof source> = {
  resources: {
    goods: {
      name: '商品 |||| 商品',
      fields: {
        id: 'ID',
        cover: 'カバー',
        name: '名称',
        slug: 'スラッグ',
        intro: '概要',
        content: '商品説明',
        gallery: '商品画像',
        status: 'ステータス',
        status_online: '販売中',
        status_offline: '販売停止',
        tags: 'タグ',
        skus: 'バリエーション（SKU）',
        code: 'SKU コード',
        price: '価格',
        qty: '販売可能数',
        shift: '発送日数',
        prices: '価格',
        stock: '在庫',
        stock_alert: '在庫アラート',
        created_at: '作成日時',
        updated_at: '更新日時',
      },
      filters: {
        name: '商品名で検索',
      },
      hints: {
        slug: '空欄の場合は名称から自動で作成します。',
        gallery: '最大 20 枚。この順番で商品ページに表示されます。',
        shift: '支払い後、何日以内に発送するか（0 = 在庫あり）',
        qty: '今販売できる数です。注文で確保された分は含みません。',
        code: '英字・数字・-・_・. のみ。サイト内で重複できません。',
      },
      alert: {
        out: '在庫切れ',
        low: '在庫僅少',
      },
      sku: {
        add: 'バリエーションを追加',
        create: '新しいバリエーション',
        edit: 'バリエーションを編集',
        empty: 'バリエーションがありません。販売するには 1 つ以上追加してください。',
        remove: 'バリエーションを削除',
        done: 'OK',
        shipsNow: '在庫あり',
        shipsIn: '%{smart_count} 日以内に発送',
        duplicate: 'この商品の別のバリエーションが同じ SKU コードを使っています。',
      },
      bulk: {
        online: '販売開始',
        offline: '販売停止',
        done: '%{smart_count} 件の商品を更新しました',
      },
      empty: '商品はまだありません',
      emptyHint: '商品とバリエーションを追加すると、サイトで販売できます。',
      create: '新しい商品',
      edit: '商品を編集',
      saved: '商品を保存しました',
      deleted: '商品を削除しました',
      deleteTitle: '商品「%{name}」を削除しますか？',
      deleteBody:
        '商品とそのバリエーションが削除されます。作成済みの注文には当時の商品情報が残ります。元に戻せません。',
      notFound: 'この商品が見つかりません。削除された可能性があります。',
    },
  },
};

export default goods;
