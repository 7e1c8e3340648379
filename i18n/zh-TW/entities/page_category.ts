/** zh-TW words: page categories (the page_category entity, contract/entities/page_category.ts). */
import type { pageCategory } from '../../../contract/entities/page_category';
import type { EntityWords } from '../../types';

const words = {
  resources: {
    page_category: {
      name: '頁面分類 |||| 頁面分類',
      fields: {
        id: 'ID',
        name: '名稱',
        lang: '各語言名稱',
        title: '名稱',
        sort: '排序',
        created_at: '建立時間',
        updated_at: '更新時間',
      },
      filters: {
        name: '搜尋頁面分類',
      },
      hints: {
        sort: '數字小的排在前面。',
      },
      empty: '還沒有頁面分類',
      emptyHint: '頁面分類可以把靜態頁面分組，在頁面列表中依分類篩選。',
      create: '新增頁面分類',
      edit: '編輯頁面分類',
      saved: '頁面分類已儲存',
      deleted: '頁面分類已刪除',
      deleteTitle: '刪除頁面分類「%{name}」？',
      deleteBody: '這個分類中的頁面會變成未分類，頁面本身不會被刪除。刪除後無法復原。',
      notFound: '找不到這個頁面分類，可能已被刪除。',
    },
  },
} satisfies EntityWords<typeof pageCategory>;

export default words;
