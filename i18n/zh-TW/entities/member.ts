/**
 * zh-TW words: the member entity (contract/entities/member.ts): its list, filters, delete and CSV export. The
 * notices, the delete confirmation and the CSV's header say what the members screens say (../members.ts: the record
 * page, the dialogs, the words an import's header is read by), taken from there.
 */
import type { member } from '../../../contract/entities/member';
import type { EntityWords } from '../../types';
import area from '../members';

// The notices and the CSV's header are the members screens' words (the header: those an import reads back).
const m = area.members;
const { yes: _yes, no: _no, ...header } = m.csv;

const words = {
  resources: {
    member: {
      name: '會員 |||| 會員',
      fields: {
        id: 'ID',
        name: '姓名',
        email: '電子信箱',
        intro: '簡介',
        tags: '標籤',
        note: '備註',
        plan: '方案',
        status: '狀態',
        created_at: '加入日期',
        epaper_opt_in: '電子報',
        source: '來源',
        meta: '其他資料',
      },
      filters: {
        keyword: '搜尋姓名或電子信箱',
        tag: '標籤',
        plan: '方案',
        status: '狀態',
        epaper_opt_in: '電子報',
      },
      empty: '還沒有會員',
      emptyHint: '讀者在網站註冊或追蹤，或由你新增、匯入 CSV 後，會出現在這裡。',
      notFound: m.detail.notFound,
      create: m.addDialog.title,
      edit: '會員資料',
      saved: m.added,
      deleted: m.detail.removed,
      deleteTitle: m.detail.removeTitle,
      deleteBody: m.detail.removeBody,
      export: { label: m.export, done: m.exported, header },
    },
  },
} satisfies EntityWords<typeof member>;

export default words;
