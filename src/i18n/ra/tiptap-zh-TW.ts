// ra-input-rich-text's toolbar (ra.tiptap.*) in Traditional Chinese: ra-language-english has none of them (the
// toolbar falls back to English defaults), so they live apart from zh-TW.ts, which mirrors that pack.

const messages = {
  ra: {
    tiptap: {
      align_left: '靠左對齊',
      align_right: '靠右對齊',
      align_center: '置中',
      align_justify: '左右對齊',
      blockquote: '引言',
      bold: '粗體',
      clear_format: '清除格式',
      code: '程式碼',
      color: '文字顏色',
      current_level: '目前的段落樣式',
      heading1: '標題 1',
      heading2: '標題 2',
      heading3: '標題 3',
      heading4: '標題 4',
      heading5: '標題 5',
      heading6: '標題 6',
      highlight: '螢光標記',
      image: '圖片',
      image_dialog: '圖片網址',
      italic: '斜體',
      link: '連結',
      list_bulleted: '項目符號清單',
      list_numbered: '編號清單',
      paragraph: '內文',
      select_level: '選擇段落樣式',
      strike: '刪除線',
      underline: '底線',
    },
  },
};

export default messages;
