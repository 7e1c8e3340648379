/** zh-TW words: the writer's AI helper panel (suggested slug, tags and summary, the month's quota). */
const aiHelper = {
  aiHelper: {
    title: 'AI 小幫手',
    remain: '本月剩餘 %{remain} / %{quota} 次',
    usedUp: '本月的 AI 小幫手次數已用完，下個月會重新計算。',
    needText: '請先輸入內文，AI 小幫手才能提供建議。',
    needFreeText: '付費區塊之前還沒有內文：AI 小幫手只讀免費公開的部分。',
    ask: { slug: '建議網址', tags: '建議標籤', summary: '建議摘要' },
    kind: { slug: '網址', tags: '標籤', summary: '摘要（SEO 描述）' },
    working: '產生建議中…',
    accept: '套用',
    acceptAll: '全部加入',
    dismiss: '略過',
    none: '這段內容沒有可建議的項目。',
    accepted: '已套用建議',
    hint: '建議只會在你按下「套用」後填入欄位。AI 小幫手只讀付費區塊之前的內容，付費內容不會出現在建議中。',
  },
};

export default aiHelper;
