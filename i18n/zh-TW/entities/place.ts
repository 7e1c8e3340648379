/** zh-TW words: places (the place entity, contract/entities/place.ts), the writer's place picker and the place card. */
import type { place } from '../../../contract/entities/place';
import type { EntityWords } from '../../types';

const words = {
  resources: {
    place: {
      name: '地點 |||| 地點',
      fields: {
        id: 'ID',
        name: '名稱',
        lang: '各語言內容',
        address: '地址',
        hours: '營業時間',
        map_url: '地圖連結',
        cover: '封面',
        created_at: '建立時間',
        updated_at: '更新時間',
      },
      filters: {
        name: '搜尋地點',
      },
      hints: {
        map_url: '以 http:// 或 https:// 開頭的地圖網址，例如 Google 地圖的分享連結。',
        hours: '例如：週一至週五 10:00–18:00',
      },
      empty: '還沒有地點',
      emptyHint: '地點可以連結到文章，也可以當作配送方式的自取地點。',
      create: '新增地點',
      edit: '編輯地點',
      saved: '地點已儲存',
      deleted: '地點已刪除',
      deleteTitle: '刪除地點「%{name}」？',
      deleteBody: '連結這個地點的文章與自取配送方式會取消連結。刪除後無法復原。',
      notFound: '找不到這個地點，可能已被刪除。',
    },
  },
  place: {
    writer: {
      label: '地點',
      placeholder: '選擇文章介紹的地點',
      none: '沒有符合的地點',
    },
  },
} satisfies EntityWords<typeof place>;

export default words;
