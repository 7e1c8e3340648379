import type { DeepStrings } from '../types';
import type authorsSource from '../zh-TW/authors';

const authors: DeepStrings<typeof authorsSource> = {
  authors: {},
  resources: {},
};

export default authors;
