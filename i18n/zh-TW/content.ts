/** zh-TW words: the content resources' (articles, pages, e-papers), which the menu names; the content screens' own are in contentScreens.ts. */
const fields = {
  id: 'ID',
  title: '標題',
  status: '狀態',
  author: '作者',
  category: '分類',
  tag: '標籤',
  publish_ts: '發佈時間',
  updated_at: '更新時間',
  to_top: '置頂',
  lang_id: '語言',
  keyword: '關鍵字',
};

const content = {
  resources: {
    press: {
      name: '文章 |||| 文章',
      fields,
      empty: '還沒有文章',
      emptyHint: '寫下第一篇文章，發佈後讀者就能在網站上看到。',
      create: '新增文章',
      edit: '編輯文章',
      saved: '文章已儲存',
      deleted: '文章已刪除',
      deleteTitle: '刪除文章「%{name}」？',
      deleteBody: '刪除後無法復原。',
      filters: { keyword: '搜尋標題' },
    },
    page: {
      name: '頁面 |||| 頁面',
      fields,
      empty: '還沒有頁面',
      emptyHint: '頁面適合放「關於我們」、「聯絡方式」這類不常變動的內容。',
      create: '新增頁面',
      edit: '編輯頁面',
      saved: '頁面已儲存',
      deleted: '頁面已刪除',
      deleteTitle: '刪除頁面「%{name}」？',
      deleteBody: '刪除後無法復原。',
      filters: { keyword: '搜尋標題' },
    },
    epaper: {
      name: '電子報 |||| 電子報',
      fields,
      empty: '還沒有電子報',
      emptyHint: '寫一封電子報，整理近期的內容給讀者。',
      create: '新增電子報',
      edit: '編輯電子報',
      saved: '電子報已儲存',
      deleted: '電子報已刪除',
      deleteTitle: '刪除電子報「%{name}」？',
      deleteBody: '刪除後無法復原。',
      filters: { keyword: '搜尋標題' },
    },
  },
};

export default content;
