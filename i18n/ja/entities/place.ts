import type { DeepStrings } from '../../types';
import type source from '../../zh-TW/entities/place';

const place: DeepStrings<typeof source> = {
  resources: {
    place: {
      name: 'スポット |||| スポット',
      fields: {
        id: 'ID',
        name: '名称',
        lang: '言語ごとの内容',
        address: '住所',
        hours: '営業時間',
        map_url: '地図リンク',
        cover: 'カバー画像',
        created_at: '作成日時',
        updated_at: '更新日時',
      },
      filters: {
        name: 'スポットを検索',
      },
      hints: {
        map_url: 'http:// または https:// で始まる地図の URL（Google マップの共有リンクなど）。',
        hours: '例：月〜金 10:00–18:00',
      },
      empty: 'スポットはまだありません',
      emptyHint: 'スポットは記事にリンクでき、配送方法の店頭受け取り場所にもできます。',
      create: 'スポットを追加',
      edit: 'スポットを編集',
      saved: 'スポットを保存しました',
      deleted: 'スポットを削除しました',
      deleteTitle: 'スポット「%{name}」を削除しますか？',
      deleteBody: 'このスポットにリンクしている記事と受け取り配送方法はリンクが外れます。元に戻せません。',
      notFound: 'このスポットが見つかりません。削除された可能性があります。',
    },
  },
  place: {
    writer: {
      label: 'スポット',
      placeholder: 'この記事で紹介するスポット',
      none: '該当するスポットはありません',
    },
  },
};

export default place;
