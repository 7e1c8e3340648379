/** zh-TW words: authors (the author entity, contract/entities/author.ts). */
import type { author } from '../../../contract/entities/author';
import type { EntityWords } from '../../types';

const words = {
  resources: {
    author: {
      name: '作者 |||| 作者',
      fields: {
        id: 'ID',
        name: '名稱',
        title: '頭銜',
        avatar: '頭像',
        member_id: '帳號',
        created_at: '建立時間',
        updated_at: '更新時間',
      },
      filters: {
        name: '搜尋作者名稱',
      },
      hints: {
        avatar: '建議使用正方形圖片。',
      },
      empty: '還沒有作者',
      emptyHint: '作者會顯示在文章的署名中。',
      create: '新增作者',
      edit: '編輯作者',
      saved: '作者已儲存',
      deleted: '作者已刪除',
      deleteTitle: '刪除作者「%{name}」？',
      deleteBody: '掛名這位作者的內容會移除這個署名。刪除後無法復原。',
      notFound: '找不到這位作者，可能已被刪除。',
      linked: '已連結帳號',
      yours: '你的帳號',
      noTitle: '未填頭銜',
      linkedTip: '連結會員帳號的作者只能由本人在個人資料中修改，無法在這裡編輯或刪除。',
      works: {
        action: '作品',
        title: '「%{name}」的作品',
        total: '共 %{smart_count} 篇已發佈或已排程的作品',
        empty: '這位作者還沒有已發佈或已排程的作品。',
      },
      issue: {
        title: '無法在這裡修改這位作者',
        body: '「%{name}」連結了會員帳號，名稱、頭銜和頭像只能由本人在個人資料中修改，也無法在這裡刪除。',
        own: '這是你自己的作者資料，請到個人資料修改。',
        close: '知道了',
      },
    },
  },
} satisfies EntityWords<typeof author>;

export default words;
