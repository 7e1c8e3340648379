/** zh-TW words: authors. */
const authors = {
  authors: {},
  resources: {},
};

export default authors;
