/**
 * zh-TW words: the file library's own. They load after the dashboard (i18n/areas.ts LATER_AREAS); the resources'
 * words, which the menu shows, stay in files.ts.
 */
const filesScreens = {
  files: {
    usage: '已使用 %{used} MB / %{quota} MB',
    upload: '上傳圖片',
    search: '搜尋檔名',
    empty: '還沒有圖片',
    emptyHint: '上傳的圖片會出現在這裡，可用於封面、內文、作者頭像與網站設定。也可以把圖片拖曳到這裡。',
    noMatch: '找不到符合的圖片',
    queue: {
      title: '上傳進度',
      uploading: '上傳中… %{percent}%',
      done: '已上傳',
      failed: '上傳失敗',
      dismiss: '關閉',
    },
    preview: {
      title: '圖片資訊',
      name: '檔名',
      dimensions: '尺寸',
      size: '檔案大小',
      type: '格式',
      created: '上傳時間',
      address: '網址',
      copy: '複製網址',
      copied: '已複製網址',
      copyFailed: '無法複製，請手動選取網址。',
      open: '在新分頁開啟',
      notFound: '找不到這張圖片，可能已被刪除。',
    },
    delete: {
      title: '刪除圖片「%{name}」？',
      body: '圖片會從媒體庫與檔案儲存中移除，使用它的文章、封面或設定將無法再顯示它。刪除後無法復原。',
      done: '圖片已刪除',
    },
    picker: {
      open: '從媒體庫選擇',
      title: '選擇圖片',
      hint: '上傳新圖片，或從媒體庫挑選一張。點兩下可直接使用。',
      hintChooseOnly: '從媒體庫挑選一張圖片。點兩下可直接使用。',
      use: '使用這張圖片',
    },
    favicon: {
      choose: '上傳圖示',
      replace: '更換圖示',
      hint: 'PNG 或 ICO，接近正方形、至少 16×16 像素，不超過 %{mb} MB',
      notIcon: '只能上傳 PNG 或 ICO 圖示',
    },
  },
};

export default filesScreens;
