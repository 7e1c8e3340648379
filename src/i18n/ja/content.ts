import type { DeepStrings } from '../types';
import type contentSource from '../zh-TW/content';

const content: DeepStrings<typeof contentSource> = {
  content: {},
  resources: {},
};

export default content;
