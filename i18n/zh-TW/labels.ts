/** zh-TW words: the label resources' (tags and categories), which the menu names; the label screens' and the image upload field's own are in labelsScreens.ts. */
/** The fields of a label, the same for tags and categories. */
const labelFields = {
  id: 'ID',
  name: '名稱',
  slug: '網址代稱',
  active: '顯示語言',
  count: '使用數',
  preview: '預覽網址',
  cover: '封面',
  lang: '各語言內容',
  title: '名稱',
  created_at: '建立時間',
  updated_at: '更新時間',
  q: '關鍵字',
};

const labels = {
  resources: {
    label: {
      name: '標籤與分類 |||| 標籤與分類',
    },
    tag: {
      name: '標籤 |||| 標籤',
      fields: labelFields,
      filters: {
        title: '篩選',
        name: '搜尋標籤名稱',
        slug: '搜尋網址代稱',
      },
      empty: '還沒有標籤',
      emptyHint: '標籤能把不同分類裡相關的文章串在一起。',
      create: '新增標籤',
      edit: '編輯標籤',
      saved: '標籤已儲存',
      deleted: '標籤已刪除',
      deleteTitle: '刪除標籤「%{name}」？',
      deleteBody: '刪除後無法復原。',
      deleteUsed: '有 %{count} 篇內容使用這個標籤，刪除後會從這些內容移除。',
    },
    category: {
      name: '分類 |||| 分類',
      fields: labelFields,
      filters: {
        title: '篩選',
        name: '搜尋分類名稱',
        slug: '搜尋網址代稱',
      },
      empty: '還沒有分類',
      emptyHint: '分類能幫讀者找到同一主題的文章。',
      create: '新增分類',
      edit: '編輯分類',
      saved: '分類已儲存',
      deleted: '分類已刪除',
      deleteTitle: '刪除分類「%{name}」？',
      deleteBody: '刪除後無法復原。',
      deleteUsed: '有 %{count} 篇內容屬於這個分類，刪除後這些內容會變成沒有分類。',
    },
  },
};

export default labels;
