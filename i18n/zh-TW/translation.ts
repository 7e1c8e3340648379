/** zh-TW words: machine translation in the writer's add-language dialog (choice, reason, progress). */
const translation = {
  translation: {
    checking: '正在確認可用的翻譯服務…',
    available:
      '可用翻譯產生「%{lang}」版本（標題、副標題、所有區塊文字與 SEO），圖片、影片與付費分隔線保持不變；也可以從空白開始。',
    unavailable: '目前沒有可把這篇內容翻譯成「%{lang}」的翻譯服務，只能從空白開始。',
    progress: '翻譯中… %{done} / %{total}',
    starting: '翻譯中…',
  },
};

export default translation;
