/** zh-TW words: followers (/follower) and customer messages (/customer, /customer/{id}), and the reply mail. */
const inbox = {
  inbox: {
    followers: {
      export: '匯出 CSV',
      exported: '已下載追蹤者名單',
      removed: '已移除 %{smart_count} 位追蹤者 |||| 已移除 %{smart_count} 位追蹤者',
      noMember: '非會員',
      filters: {
        keyword: '搜尋電子信箱',
        source: '來源',
        from: '起始日期',
        to: '結束日期',
      },
      csv: {
        email: '電子信箱',
        source: '來源',
        date: '追蹤日期',
        member: '會員',
      },
    },
    customers: {
      statusNew: '新訊息',
      statusRead: '已讀',
      badge: '%{smart_count} 則新訊息 |||| %{smart_count} 則新訊息',
      filters: {
        keyword: '搜尋主旨、寄件人或信箱',
        status: '狀態',
        all: '全部',
        from: '起始日期',
        to: '結束日期',
      },
      show: {
        title: '客服訊息',
        back: '返回客服訊息',
        from: '寄件人',
        received: '收到時間',
        readBy: '%{name} 已於 %{date} 讀取',
        member: '會員：%{name}',
        thread: '回覆紀錄',
        noReplies: '尚未回覆。',
        repliedBy: '%{name} 回覆於 %{date}',
        reply: '回覆',
        replyLabel: '回覆內容（會以電子郵件寄給 %{email}）',
        chars: '%{count} / %{max} 字',
        send: '寄出回覆',
        sent: '回覆已寄出',
        failed: '回覆沒有寄出，內容已保留在輸入框，請再試一次。',
        draftKept: '已還原尚未寄出的回覆草稿。',
        markUnread: '標示為未讀',
        markedUnread: '已標示為未讀',
        notFound: '找不到這則訊息，可能已被刪除。',
        readOnly: '你沒有回覆客服訊息的權限，只能檢視。',
      },
      mail: {
        subject: '[%{site}] Re: %{title}',
        body: '%{reply}\n\n——\n%{name} 於 %{date} 寫道：\n%{original}\n\n%{site}',
      },
    },
  },
  resources: {
    follower: {
      name: '追蹤者 |||| 追蹤者',
      fields: {
        id: 'ID',
        email: '電子信箱',
        source: '來源',
        created_at: '追蹤日期',
        member: '會員',
      },
    },
    customer: {
      name: '客服訊息 |||| 客服訊息',
      fields: {
        id: 'ID',
        title: '主旨',
        name: '寄件人',
        email: '電子信箱',
        status: '狀態',
        created_at: '收到時間',
        replies: '回覆數',
      },
    },
  },
};

export default inbox;
