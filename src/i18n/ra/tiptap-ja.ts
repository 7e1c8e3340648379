// ra-input-rich-text's toolbar (ra.tiptap.*) in Japanese: ra-language-english has none of them (the toolbar falls
// back to English defaults), so they live apart from ja.ts, which mirrors that pack.

const messages = {
  ra: {
    tiptap: {
      align_left: '左揃え',
      align_right: '右揃え',
      align_center: '中央揃え',
      align_justify: '両端揃え',
      blockquote: '引用',
      bold: '太字',
      clear_format: '書式をクリア',
      code: 'コード',
      color: '文字色',
      current_level: '現在の段落スタイル',
      heading1: '見出し 1',
      heading2: '見出し 2',
      heading3: '見出し 3',
      heading4: '見出し 4',
      heading5: '見出し 5',
      heading6: '見出し 6',
      highlight: 'ハイライト',
      image: '画像',
      image_dialog: '画像の URL',
      italic: '斜体',
      link: 'リンク',
      list_bulleted: '箇条書き',
      list_numbered: '番号付きリスト',
      paragraph: '本文',
      select_level: '段落スタイルを選択',
      strike: '取り消し線',
      underline: '下線',
    },
  },
};

export default messages;
