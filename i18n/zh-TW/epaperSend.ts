/** zh-TW words: the e-paper send screen, its progress and the writer's warning, the e-paper mail and unsubscribe. */
const epaperSend = {
  epaperSend: {
    audience: {
      title: '收件對象',
      all: '所有訂閱電子報的會員',
      tag: '有某個標籤的會員',
      paid: '付費會員',
      tagLabel: '會員標籤',
      noTags: '會員還沒有標籤',
      count: '將寄給 %{count} 位會員',
      counting: '計算中…',
      quota: '本月額度：已用 %{used} 封，上限 %{limit} 封，剩餘 %{remaining} 封',
      overQuota: '超過本月剩餘額度（%{remaining} 封）',
    },
    when: {
      title: '寄送時間',
      now: '立即寄送',
      schedule: '排程寄送',
    },
    actions: {
      test: '寄測試信給我',
      testSent: '測試信已寄到 %{to}',
      testFailed: '測試信寄送失敗',
      send: '寄出',
      schedule: '排程寄出',
      cancel: '取消排程寄送',
      cancelled: '已取消排程寄送',
      confirmSend: '確定要寄給 %{count} 位會員嗎？寄出後無法收回。',
      confirmSchedule: '確定要在 %{at} 寄給會員嗎？',
      failed: '寄送失敗',
    },
    resend: {
      title: '這份電子報已經寄過',
      last: '已於 %{at} 寄給 %{count} 位會員。',
      received: '這次的收件對象中，有 %{received} 位已經收到。',
      whom: '要寄給誰',
      fresh: '只寄給還沒收到的人（%{count} 位）',
      all: '全部重寄（%{count} 位，已收到的人會再收到一次）',
      nobody: '所選的會員都已收到，沒有要寄的人。',
    },
    progress: {
      title: '寄送進度',
      scheduled: '將於 %{at} 寄出',
      sending: '寄送中',
      done: '已寄送完成',
      cancelled: '已取消',
      counts: '已寄出 %{sent}、失敗 %{failed}、剩餘 %{remaining}（共 %{total}）',
      failures: '寄送失敗的收件人',
    },
    warning: {
      title: '這份電子報已排程寄送',
      body: '這份電子報將於 %{at} 寄給會員。現在編輯會改變寄出的內容。',
      keep: '繼續編輯',
      cancel: '取消寄送',
    },
    mail: {
      unsubscribe: '取消訂閱',
      why: '你會收到這封信，是因為你訂閱了「%{site}」的電子報。',
    },
    unsubscribe: {
      title: '取消訂閱電子報',
      confirm: '確定不再收到「%{site}」的電子報嗎？',
      button: '取消訂閱',
      done: '已取消訂閱，你不會再收到「%{site}」的電子報。',
      invalid: '這個取消訂閱連結無效或已過期。',
      test: '這是測試信的連結，不會取消任何人的訂閱。',
    },
  },
};

export default epaperSend;
