import type { DeepStrings } from '../types';
import type rolesScreensSource from '../zh-TW/rolesScreens';

/** ja words: the role screens' own (the permission tree, the role list and form) (see zh-TW/rolesScreens.ts). */
const rolesScreens: DeepStrings<typeof rolesScreensSource> = {
  permissions: {
    group: {
      site_admin: 'サイト管理',
      content: 'コンテンツ管理',
      system: 'システム管理',
      staff: 'スタッフ管理',
      role: 'ロール管理',
      subscription: 'サブスクリプション管理',
      design: 'デザイン',
      post: '記事',
      page: '固定ページ',
      setting: 'サイト設定',
      plan: 'プラン管理',
      theme: 'テーマ管理',
      member: '会員管理',
      customer: 'お問い合わせ',
      shop: 'EC 管理',
      goods: '商品',
      logistics: '配送',
      order: '注文',
    },
    leaf: {
      staff: {
        view: 'スタッフを表示',
        edit: 'スタッフを編集',
        delete: 'スタッフを削除',
        view_all: 'すべての管理者を表示',
      },
      role: { view: 'ロールを表示', edit: 'ロールを編集', delete: 'ロールを削除' },
      subscription: { payment: '支払い方法を変更', plan: 'プランを変更' },
      design: { style: 'スタイルを変更' },
      post: {
        view: '記事を表示',
        edit: '記事を編集',
        delete: '記事を削除',
        view_site: '同じサイトの記事を表示',
        view_all: 'すべての記事を表示',
      },
      page: { add: 'ページを追加', edit: 'ページを編集', delete: 'ページを削除' },
      setting: {
        view: '設定を表示',
        edit: '設定を編集',
        delete: '設定を削除',
        permission: '権限を編集',
        admin: '管理者を編集',
      },
      plan: { add: 'プランを追加', edit: 'プランを編集', delete: 'プランを削除' },
      theme: { add: 'テーマを追加', edit: 'テーマを編集', delete: 'テーマを削除' },
      member: { view: '会員を表示', edit: '会員を編集', delete: '会員を削除' },
      customer: { view: 'お問い合わせを表示', reply: 'お問い合わせに返信' },
      goods: { view: '商品を表示', edit: '商品を編集', delete: '商品を削除' },
      logistics: { view: '配送を表示', edit: '配送を編集', delete: '配送を削除' },
      order: { view: '注文を表示', edit: '注文を処理' },
    },
    help: {
      staff: {
        view_all:
          'オーナーや自分より多くの権限を持つ人を含め、すべてのスタッフを表示します。ない場合は自分が管理できるスタッフのみです。',
      },
      post: {
        view: 'これだけの場合、自分が作成したか著者になっている記事・メールマガジン・ページのみ表示されます。',
        view_site: 'サイトの他の人の公開済み・予約中のコンテンツも表示・操作できます。',
        view_all:
          'サイトのすべてのコンテンツ（他の人の下書きを含む）を表示・操作でき、ピン留めの順序も変更できます。',
      },
      setting: {
        permission: '「スタッフを編集」と合わせて、スタッフのロールを変更するのに必要です。',
        admin: '管理者の招待・割り当て・変更・削除に必要です。',
      },
    },
  },
  roleScreens: {
    create: 'ロールを追加',
    edit: 'ロールを編集',
    view: 'ロール',
    builtin: '組み込み',
    custom: 'カスタム',
    builtinNote: '組み込みロールの権限はシステムで決まっており、名前の変更・編集・削除はできません。',
    readOnlyNote: 'ロールを編集する権限がないため、表示のみです。',
    beyondNote: 'このロールにはあなたのロールにない権限があるため、表示のみで、変更や削除はできません。',
    permissionsHint:
      'グループにチェックすると中のすべての権限が選択されます。一部のみ選択中は「－」で表示されます。',
    selected: '%{total} 件中 %{n} 件の権限を選択中',
    staffCount: '%{smart_count} 人',
    inUse:
      'このロールを使用しているスタッフが %{smart_count} 人います。先に別のロールに変更してから削除してください。',
    saved: 'ロールを保存しました',
    deleted: 'ロールを削除しました',
    deleteTitle: 'ロール「%{name}」を削除しますか？',
    deleteBody: 'この操作は元に戻せません。',
    notFound: 'このロールが見つかりません。削除された可能性があります。',
    beyondOwn: 'あなたのロールにない権限は付与できません：%{list}',
    listSeparator: '、',
    notYours: 'あなたのロールにない権限は選択できません（解除のみ可能）。',
    back: 'ロール一覧に戻る',
  },
};

export default rolesScreens;
