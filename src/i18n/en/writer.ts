import type { DeepStrings } from '../types';
import type writerSource from '../zh-TW/writer';

const writer: DeepStrings<typeof writerSource> = {
  writer: {},
};

export default writer;
