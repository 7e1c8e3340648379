/** ja words: staff (/admin), invitations and the invite page (/auth/invite). */
import type { DeepStrings } from '../types';
import type staffSource from '../zh-TW/staff';

const staff: DeepStrings<typeof staffSource> = {
  staff: {
    invite: 'スタッフを招待',
    seats: '%{limit} アカウント中 %{used} 使用中',
    you: 'あなた',
    pending: {
      title: '承諾待ちの招待',
      chip: '招待中',
      expires: '%{date} まで有効',
      cancel: '招待を取り消す',
      cancelTitle: '%{email} への招待を取り消しますか？',
      cancelBody: '招待リンクはすぐに無効になり、使っていたアカウント枠も空きます。',
      cancelled: '招待を取り消しました',
    },
    dialog: {
      title: 'スタッフを招待',
      intro: '招待リンク（%{days} 日間有効）を送ります。相手がパスワードを設定すると参加できます。',
      submit: '招待を送る',
      sent: '%{email} に招待を送りました',
      limitHint: '現在のプランでは最大 %{limit} アカウントです（承諾待ちの招待を含む）。',
    },
    detail: {
      title: 'スタッフ情報',
      self: 'あなた自身のスタッフ情報は変更・削除できません。',
      owner: 'サイトのオーナーは削除したり役割を変えたりできません。',
      readOnly: 'スタッフを編集する権限がないため、閲覧のみです。',
      changeRole: '役割を変更',
      saved: '役割を更新しました',
      saveFailed: 'アカウントの役割を保存できませんでした。%{reason}',
      remove: 'スタッフを外す',
      removeTitle: '「%{name}」を外しますか？',
      removeBody: 'このサイトを管理できなくなります。アカウント自体は残ります。',
      removed: 'スタッフを外しました',
      back: 'スタッフ一覧に戻る',
      notFound: 'このスタッフが見つかりません。すでに外された可能性があります。',
      noRoleChange: 'スタッフのロールを変更するには「権限を編集」の権限が必要です。',
      adminLocked: '管理者の変更・削除には「管理者を編集」の権限が必要です。',
    },
    errors: {
      roleBeyond: 'このロールにはあなたのロールにない権限があるため、割り当てられません。',
      adminInvited:
        'このアドレスには管理者としての招待があります。置き換えるには「管理者を編集」の権限が必要です。',
    },
    join: {
      title: 'サイトに参加',
      intro: '「%{site}」から管理チームへの招待が届いています。',
      account: 'アカウント',
      role: '役割',
      exists: 'このメールアドレスにはすでにアカウントがあります。そのパスワードを入力して参加してください。',
      accountPassword: 'アカウントのパスワード',
      submit: '参加する',
      done: '「%{site}」に参加しました。ログインしてください。',
      invalid:
        'この招待リンクは無効、使用済み、または期限切れです。招待した人に新しい招待を依頼してください。',
      missing: '招待リンクが不完全です。招待メールのリンクから開いてください。',
      toLogin: 'ログインへ',
    },
    mail: {
      subject: '%{inviter} さんから「%{site}」への招待',
      body: 'こんにちは。\n\n%{inviter} さんが「%{site}」の管理チームに「%{role}」として招待しています。\n%{days} 日以内に次のリンクを開いて参加してください：\n%{link}\n\n招待した人に心当たりがない場合は、このメールを無視してください。',
    },
    csv: {
      joined: '参加済み',
      pending: '招待中',
    },
  },
};

export default staff;
