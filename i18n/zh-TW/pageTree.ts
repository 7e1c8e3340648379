/** zh-TW words: the page tree of /page (src/resources/page/), its 結構 and 分頁 dialogs. */
const pageTree = {
  pageTree: {
    table: '頁面結構',
    category: '頁面分類',
    allCategories: '全部分類',
    empty: '還沒有頁面',
    expand: '展開「%{title}」',
    collapse: '收合「%{title}」',
    active: '「%{title}」顯示在網站導覽',
    columns: {
      title: '標題',
      status: '狀態',
      active: '顯示在導覽',
      actions: '操作',
    },
    structure: {
      button: '結構',
      title: '「%{title}」的結構',
      parent: '上層頁面',
      parentHint: '頁面最多三層；子頁面會成為上層頁面的分頁。',
      top: '無（最上層）',
      category: '頁面分類',
      noCategory: '未分類',
      saved: '頁面結構已儲存',
    },
    tabs: {
      button: '分頁',
      title: '「%{title}」的分頁',
      hint: '拖曳調整分頁順序（鍵盤：空白鍵拿起，方向鍵移動，空白鍵放下），並選擇最先開啟的分頁。',
      handle: '移動「%{title}」',
      first: '最先開啟「%{title}」',
      saved: '分頁已儲存',
      announce: {
        pickedUp: '已拿起「%{title}」，目前在第 %{n} 位。',
        moved: '「%{title}」移到第 %{n} 位。',
        dropped: '「%{title}」放在第 %{n} 位。',
        cancelled: '已取消移動「%{title}」。',
      },
    },
  },
};

export default pageTree;
