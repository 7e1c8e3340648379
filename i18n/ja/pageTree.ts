/** ja words: the page tree of /page (src/resources/page/), its 構造 and タブ dialogs. */
const pageTree = {
  pageTree: {
    table: 'ページ構造',
    category: 'ページカテゴリ',
    allCategories: 'すべてのカテゴリ',
    empty: 'ページはまだありません',
    expand: '「%{title}」を展開',
    collapse: '「%{title}」を折りたたむ',
    active: '「%{title}」をサイトのナビゲーションに表示',
    columns: {
      title: 'タイトル',
      status: 'ステータス',
      active: 'ナビに表示',
      actions: '操作',
    },
    structure: {
      button: '構造',
      title: '「%{title}」の構造',
      parent: '親ページ',
      parentHint: 'ページは最大 3 階層までです。子ページは親ページのタブになります。',
      top: 'なし（最上位）',
      category: 'ページカテゴリ',
      noCategory: '未分類',
      saved: 'ページ構造を保存しました',
    },
    tabs: {
      button: 'タブ',
      title: '「%{title}」のタブ',
      hint: 'ドラッグでタブの順序を変更し（キーボード：スペースで持ち上げ、矢印キーで移動、スペースで配置）、最初に開くタブを選んでください。',
      handle: '「%{title}」を移動',
      first: '「%{title}」を最初に開く',
      saved: 'タブを保存しました',
      announce: {
        pickedUp: '「%{title}」を持ち上げました。現在 %{n} 番目です。',
        moved: '「%{title}」を %{n} 番目に移動しました。',
        dropped: '「%{title}」を %{n} 番目に配置しました。',
        cancelled: '「%{title}」の移動を取り消しました。',
      },
    },
  },
};

export default pageTree;
