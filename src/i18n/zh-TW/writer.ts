/** zh-TW words: writer. */
const writer = {
  writer: {},
};

export default writer;
