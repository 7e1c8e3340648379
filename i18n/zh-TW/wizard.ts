/** zh-TW words: the plan cards, the card and invoice form, the payment modals (billing) and the new-site wizard. */
const wizard = {
  billing: {
    plan: {
      choose: '選擇方案',
      current: '目前方案',
      price: 'NT$ %{price} / 月',
      members: '會員上限 %{n} 人',
      staff: '管理人員 %{n} 位',
      history: '版本紀錄 %{count} 筆，保留 %{days} 天',
      upload: '上傳空間 %{n} MB',
      newsletters: '每月電子報 %{n} 封',
    },
    features: {
      full: '所有功能',
      team: '團隊成員與角色權限',
      theme: '佈景主題',
      design: '網站設計',
      membership: '會員與付費內容',
      shop: '電子商務',
      newsletter: '電子報',
    },
  },
};

export default wizard;
