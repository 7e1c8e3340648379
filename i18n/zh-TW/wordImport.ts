/** zh-TW words: importing a Word document (.docx) as a draft article, from the article list. */
const wordImport = {
  wordImport: {
    button: '匯入 Word',
    title: '從 Word 匯入文章',
    hint: '選擇 Word 文件（.docx，%{mb} MB 以內，圖片最多 %{images} 張）。標題、段落、粗體、斜體、連結、清單與圖片會轉成一篇草稿，圖片會加入媒體庫。文件中只寫著「付費區塊」的一段會成為付費區塊。',
    choose: '選擇檔案',
    uploading: '上傳中 %{percent}%',
    converting: '轉換中…',
    skipped: '有 %{smart_count} 張圖片的格式無法使用，已略過。',
  },
};

export default wordImport;
