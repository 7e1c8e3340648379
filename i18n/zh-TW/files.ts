/** zh-TW words: the media library (/file), the picker, upload progress, site icons. */
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
