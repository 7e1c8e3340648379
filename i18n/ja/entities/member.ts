/**
 * ja words: the member entity (contract/entities/member.ts): its list, filters, delete and CSV export; the
 * notices, the delete confirmation and the CSV's header as ../members.ts says them (taken from there).
 */
import type { DeepStrings } from '../../types';
import type zh from '../../zh-TW/entities/member';
import area from '../members';

// The notices and the CSV's header are the members screens' words (the header: those an import reads back).
const m = area.members;
const { yes: _yes, no: _no, ...header } = m.csv;

const words: DeepStrings<typeof zh> = {
  resources: {
    member: {
      name: '会員 |||| 会員',
      fields: {
        id: 'ID',
        name: '名前',
        email: 'メールアドレス',
        intro: '紹介',
        tags: 'タグ',
        note: 'メモ',
        plan: 'プラン',
        status: 'ステータス',
        created_at: '登録日',
        epaper_opt_in: 'メールマガジン',
        source: '登録経路',
        meta: 'その他の情報',
      },
      filters: {
        keyword: '名前またはメールアドレスで検索',
        tag: 'タグ',
        plan: 'プラン',
        status: 'ステータス',
        epaper_opt_in: 'メールマガジン',
      },
      empty: 'まだ会員はいません',
      emptyHint: '読者がサイトに登録・フォローするか、会員を追加・インポートすると、ここに表示されます。',
      notFound: m.detail.notFound,
      create: m.addDialog.title,
      edit: '会員情報',
      saved: m.added,
      deleted: m.detail.removed,
      deleteTitle: m.detail.removeTitle,
      deleteBody: m.detail.removeBody,
      export: { label: m.export, done: m.exported, header },
    },
  },
};

export default words;
