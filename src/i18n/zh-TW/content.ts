/** zh-TW words: content. */
const content = {
  content: {},
  resources: {},
};

export default content;
