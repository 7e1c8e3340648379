/** zh-TW words: why an uploaded theme zip was refused (server/modules/themes/zipCheck.ts), one line per problem. */
const themeUpload = {
  themeUpload: {
    problem: '%{file}：%{reason}',
    more: '……還有 %{n} 個問題',
    accepted: '佈景主題「%{name}」%{version} 已上傳。',
    reasons: {
      notZip: '不是有效的 ZIP 檔',
      corrupt: 'ZIP 檔已損毀或無法讀取',
      pathTooLong: '路徑超過 %{n} 個字元',
      badChars: '路徑含有控制字元或反斜線',
      badPath: '路徑格式錯誤',
      absolute: '不可使用絕對路徑',
      escapes: '路徑超出佈景主題資料夾（..）',
      symlink: '不可包含符號連結',
      duplicate: '檔案重複',
      tooManyFiles: '檔案數量超過 %{n} 個',
      fileType: '不允許的檔案類型',
      serverCode: '不可包含伺服器端程式',
      scriptOutsideAssets: 'JavaScript 檔只能放在 assets/ 資料夾中',
      fileTooBig: '解壓縮後超過 %{n} MB',
      totalTooBig: '解壓縮後的總大小超過 %{n} MB',
      sizeMismatch: '實際大小與 ZIP 檔記錄的不符',
      missingManifest: '缺少 theme.json',
      manifest: 'theme.json 內容錯誤（%{detail}）',
      coverMissing: '找不到封面圖片 %{path}',
      missingTemplate: '缺少必要的版型檔',
      liquid: '第 %{line} 行語法錯誤：%{detail}',
      json: 'JSON 格式錯誤',
      utf8: '不是有效的 UTF-8 文字檔',
      builtinName: '「%{name}」是內建佈景主題，無法覆蓋；請在 theme.json 把 name 改成其他名稱後再上傳',
    },
  },
};

export default themeUpload;
