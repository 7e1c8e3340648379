/** ja words of the public site's own pages and notices (i18n/zh-TW/publicSite.ts is the source). */
const publicSite = {
  publicSite: {
    siteNotFound: 'サイトが見つかりません',
    pageNotFound: 'ページが見つかりません',
    busy: {
      title: 'サイトが混み合っています',
      body: 'ただいま多くのページを作成中です。数秒後にもう一度お試しください。',
    },
    error: {
      title: 'ページを表示できません',
      body: 'サイトのテーマでエラーが発生しました。しばらくしてからもう一度お試しください。',
    },
    comingSoon: { title: '近日公開', body: 'このサイトは現在準備中です。もうしばらくお待ちください。' },
    preview: 'プレビュー — 未公開のバージョンです',
    staffView: '未公開：スタッフだけが見られます',
    paywall: 'この先は有料会員向けです。',
  },
};

export default publicSite;
