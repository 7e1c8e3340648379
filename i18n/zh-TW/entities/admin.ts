/**
 * zh-TW words: the staff entity (contract/entities/admin.ts): its list, filters, removal and CSV export. The record
 * page, the invitation dialog and the open invitations speak ../staff.ts's `staff.*`.
 */
import type { admin } from '../../../contract/entities/admin';
import type { EntityWords } from '../../types';

const words = {
  resources: {
    admin: {
      name: '人員管理 |||| 人員管理',
      fields: {
        id: 'ID',
        nickname: '暱稱',
        email: '電子信箱',
        avatar: '頭像',
        role: '角色',
        roles: '角色',
        joined_at: '加入時間',
        is_self: '本人',
        is_owner: '擁有者',
      },
      filters: {
        keyword: '搜尋暱稱或電子信箱',
        nickname: '暱稱',
        email: '電子信箱',
      },
      empty: '還沒有其他人員',
      emptyHint: '邀請人員後，對方加入就會出現在這裡。',
      notFound: '找不到這位人員，可能已被移除。',
      create: '邀請人員',
      edit: '人員資料',
      saved: '角色已更新',
      deleted: '人員已移除',
      deleteTitle: '移除「%{name}」？',
      deleteBody: '對方將無法再管理這個網站，帳號本身會保留。',
      export: {
        label: '匯出 CSV',
        done: '已下載人員名單',
        header: {
          nickname: '暱稱',
          email: '電子信箱',
          role: '角色',
          status: '狀態',
          date: '日期',
        },
      },
    },
  },
} satisfies EntityWords<typeof admin>;

export default words;
