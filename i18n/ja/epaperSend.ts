/** ja words: the e-paper send screen, its progress and the writer's warning, the e-paper mail and unsubscribe. */
import type { DeepStrings } from '../types';
import type source from '../zh-TW/epaperSend';

const epaperSend: DeepStrings<typeof source> = {
  epaperSend: {
    audience: {
      title: '配信先',
      all: 'メールマガジンを購読しているすべての会員',
      tag: 'タグの付いた会員',
      paid: '有料会員',
      tagLabel: '会員タグ',
      noTags: '会員にまだタグがありません',
      count: '%{count} 人の会員に配信します',
      counting: '集計中…',
      quota: '今月の配信数：%{used} / %{limit} 通（残り %{remaining} 通）',
      overQuota: '今月の残り配信数（%{remaining} 通）を超えています',
    },
    when: {
      title: '配信日時',
      now: '今すぐ配信',
      schedule: '予約配信',
    },
    actions: {
      test: '自分にテスト配信',
      testSent: '%{to} にテストメールを送りました',
      testFailed: 'テストメールを送れませんでした',
      send: '配信する',
      schedule: '配信を予約',
      cancel: '予約配信を取り消す',
      cancelled: '予約配信を取り消しました',
      confirmSend: '%{count} 人の会員に配信しますか？配信後は取り消せません。',
      confirmSchedule: '%{at} に会員へ配信しますか？',
      failed: '配信に失敗しました',
    },
    progress: {
      title: '配信状況',
      scheduled: '%{at} に配信予定',
      sending: '配信中',
      done: '配信完了',
      cancelled: '取り消し済み',
      counts: '送信 %{sent}・失敗 %{failed}・残り %{remaining}（全 %{total}）',
      failures: '配信に失敗した宛先',
    },
    warning: {
      title: 'このメールマガジンは配信予約されています',
      body: 'このメールマガジンは %{at} に会員へ配信されます。編集すると配信される内容が変わります。',
      keep: '編集を続ける',
      cancel: '配信を取り消す',
    },
    mail: {
      unsubscribe: '配信停止',
      why: '「%{site}」のメールマガジンを購読しているため、このメールをお送りしています。',
    },
    unsubscribe: {
      title: 'メールマガジンの配信停止',
      confirm: '「%{site}」のメールマガジンの配信を停止しますか？',
      button: '配信停止',
      done: '配信を停止しました。「%{site}」のメールマガジンは今後届きません。',
      invalid: 'この配信停止リンクは無効か、期限が切れています。',
      test: 'これはテストメールのリンクです。誰の配信も停止しません。',
    },
  },
};

export default epaperSend;
