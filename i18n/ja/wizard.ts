/** ja words: the plan cards, the card and invoice form, the payment modals (billing) and the new-site wizard. */
import type { DeepStrings } from '../types';
import type zh from '../zh-TW/wizard';

const wizard: DeepStrings<typeof zh> = {
  billing: {
    plan: {
      choose: 'プランを選択',
      current: '現在のプラン',
      price: 'NT$ %{price} / 月',
      members: '会員数上限 %{n} 人',
      staff: '管理スタッフ %{n} 名',
      history: '履歴 %{count} 件を %{days} 日間保存',
      upload: 'アップロード容量 %{n} MB',
      newsletters: 'メールマガジン 月 %{n} 通',
    },
    features: {
      full: 'すべての機能',
      team: 'チームメンバーと権限',
      theme: 'テーマ',
      design: 'サイトデザイン',
      membership: '会員と有料コンテンツ',
      shop: 'EC',
      newsletter: 'メールマガジン',
    },
  },
};

export default wizard;
