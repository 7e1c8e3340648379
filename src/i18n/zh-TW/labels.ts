/** zh-TW words: labels. */
const labels = {
  resources: {
    category: {
      name: '分類 |||| 分類',
      fields: {
        id: 'ID',
        name: '名稱',
        created_at: '建立時間',
        updated_at: '更新時間',
        q: '關鍵字',
      },
      filters: {
        title: '篩選',
        keyword: '搜尋分類名稱',
      },
      empty: '還沒有分類',
      emptyHint: '分類能幫讀者找到同一主題的文章。',
    },
  },
};

export default labels;
