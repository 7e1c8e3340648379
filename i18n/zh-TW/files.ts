/** zh-TW words: the file resource's, which the menu names; the media library's own (/file, the picker, upload progress, site icons) are in filesScreens.ts. */
const files = {
  resources: {
    file: {
      name: '媒體庫 |||| 媒體庫',
      fields: {
        id: 'ID',
        name: '檔名',
        size: '檔案大小',
        created_at: '上傳時間',
        q: '關鍵字',
      },
    },
  },
};

export default files;
