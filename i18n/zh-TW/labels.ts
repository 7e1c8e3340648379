/** zh-TW words: labels (tags and categories) and the image upload field. */
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
  labels: {
    title: '標籤與分類',
    tabs: { tag: '標籤', category: '分類' },
    /** Content languages (contract LANG_IDS), as in a language picker and as a short chip. */
    languages: { '1': '繁體中文', '2': '簡體中文', '3': '英文', '4': '日文', '5': '韓文' },
    languagesShort: { '1': '繁中', '2': '簡中', '3': '英', '4': '日', '5': '韓' },
    langTabs: '內容語言',
    required: '必填',
    filled: '已填寫',
    hasError: '有欄位需要修正',
    slugHint: '小寫英文字母開頭，可用小寫英文、數字與連字號。留空時會依繁體中文名稱產生。',
    slugAuto: '依繁體中文名稱自動產生',
    previewPath: '預覽網址：%{path}',
    activeHint: '網站的這些語言版本會顯示它。',
    coverHint: '這個語言版本的封面圖。',
    notFound: '找不到這筆資料，可能已被刪除。',
  },
  imageUpload: {
    choose: '上傳圖片',
    replace: '更換圖片',
    remove: '移除圖片',
    uploading: '上傳中… %{percent}%',
    hint: 'JPG、PNG、WebP 或 GIF，小於 %{mb} MB',
    notImage: '只能上傳 JPG、PNG、WebP 或 GIF 圖片',
    broken: '圖片無法載入',
    preview: '圖片預覽',
    empty: '尚未上傳圖片',
  },
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
