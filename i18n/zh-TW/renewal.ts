/** zh-TW words: the plan's renewal mails to the site owner (server/jobs/renewal.ts). */
const renewal = {
  renewal: {
    mail: {
      failed: {
        subject: '「%{site}」的方案續約扣款失敗',
        body: '你好：\n\n「%{site}」的「%{plan}」方案在 %{date} 到期，續約扣款（NT$%{amount}，卡號末四碼 %{card}）沒有成功。\n我們會在 %{retry} 再試一次；在 %{until} 之前網站的功能照常可用。\n請確認這張卡片可以扣款（額度、有效期限），或更換信用卡並立即付款，方案就會恢復正常：\n%{link}',
      },
      lapsed: {
        subject: '「%{site}」的方案已停止',
        body: '你好：\n\n「%{site}」的「%{plan}」方案續約扣款試了 %{attempts} 次都沒有成功，方案已經停止。\n網站的資料都還保留著，但付費方案的功能已經關閉。重新選擇方案並付款後，就能恢復使用：\n%{link}',
      },
      noCard: '（沒有留存的卡片）',
    },
  },
};

export default renewal;
