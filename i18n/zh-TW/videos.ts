/** zh-TW words: the video library (/file/video), the video upload modal, the writer's video states. */
const videos = {
  videos: {
    tabs: { images: '圖片', videos: '影片' },
    upload: '上傳影片',
    search: '搜尋影片標題',
    empty: '還沒有影片',
    emptyHint: '上傳的影片會出現在這裡，可插入文章的影片區塊。',
    noMatch: '找不到符合的影片',
    uploading: '影片載入中',
    missing: '影片遺失',
    failed: '上傳失敗',
    needsCover: '請先在影片庫為它選一張封面',
    duration: '長度',
    size: '檔案大小',
    modal: {
      title: '上傳影片',
      choose: '選擇影片檔',
      hint: 'MP4、MOV、WebM 或 MKV，單檔上限依方案而定。上傳中斷時會自動續傳。',
      preparing: '準備中…',
      progress: '上傳中… %{percent}%',
      done: '上傳完成',
      noCover: '無法從影片擷取封面，請在影片庫為它選一張封面。',
      retry: '重試',
      close: '關閉',
      cancel: '取消上傳',
      notVideo: '只能上傳 MP4、MOV、WebM 或 MKV 影片',
    },
    edit: {
      title: '編輯影片',
      name: '標題',
      content: '說明',
      cover: '封面',
      replaceCover: '更換封面',
      save: '儲存',
      saved: '影片已儲存',
      cancel: '取消',
    },
    delete: {
      action: '刪除',
      title: '刪除影片「%{name}」？',
      body: '影片會從影片庫與檔案儲存中移除，使用它的文章將顯示「影片遺失」。刪除後無法復原。',
      confirm: '刪除',
      done: '影片已刪除',
    },
  },
};

export default videos;
