/**
 * zh-TW words: the member entity (contract/entities/member.ts): its list, filters, delete and CSV export. The
 * notices, the delete confirmation and the CSV's header say what the members screens say (../members.ts: the record
 * page, the dialogs, the words an import's header is read by); a unit test keeps them equal.
 */
import type { member } from '../../../contract/entities/member';
import type { EntityWords } from '../../types';

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
      notFound: '找不到這位會員，可能已被移除。',
      create: '新增會員',
      edit: '會員資料',
      saved: '已新增會員',
      deleted: '會員已移除',
      deleteTitle: '移除「%{name}」？',
      deleteBody: '會員的登入、訂閱與付款紀錄都會一併刪除，無法復原。',
      export: {
        label: '匯出 CSV',
        done: '已下載會員名單',
        header: {
          name: '姓名',
          email: '電子信箱',
          intro: '簡介',
          tags: '標籤',
          note: '備註',
          status: '狀態',
          plan: '方案',
          epaper: '訂閱電子報',
          source: '來源',
          created: '加入日期',
        },
      },
    },
  },
} satisfies EntityWords<typeof member>;

export default words;
