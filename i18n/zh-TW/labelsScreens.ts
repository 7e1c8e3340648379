/**
 * zh-TW words: the label screens' own (and the image upload field's). They load after the dashboard (i18n/areas.ts
 * LATER_AREAS); the resources' words, which the menu shows, stay in labels.ts.
 */
const labelsScreens = {
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
};

export default labelsScreens;
