/** zh-TW words: platform support access (the operators' /support screen and banner, the owner's 平台支援 panel). */
const support = {
  support: {
    menu: '平台支援',
    screen: {
      title: '平台支援',
      subtitle:
        '輸入網站 ID 或子網域名稱與原因，取得 10 分鐘內有效的一次性代碼，再進入網站。進入紀錄會顯示給網站擁有者。',
      site: '網站 ID 或子網域名稱',
      reason: '原因',
      ask: '取得代碼',
      token: '代碼已產生：%{site}，請在 %{time} 前進入。',
      join: '進入網站',
    },
    banner: {
      text: '平台支援模式：%{site}，至 %{time}',
      end: '結束',
    },
    panel: {
      title: '平台支援',
      hint: '開啟時，平台客服人員可在取得一次性代碼後，以管理員權限進入本網站協助處理問題；每次進入都會記錄在下方。',
      switch: '允許平台支援存取',
      saved: '平台支援設定已儲存',
      empty: '尚無平台支援紀錄',
      who: '人員',
      reason: '原因',
      created: '申請時間',
      joined: '進入時間',
      expires: '到期時間',
      notJoined: '未進入',
    },
  },
};

export default support;
