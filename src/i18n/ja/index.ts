/** ja: the same areas and keys as zh-TW. */
import type { Messages } from '../zh-TW';
import auth from './auth';
import authors from './authors';
import content from './content';
import core from './core';
import labels from './labels';
import writer from './writer';

const messages: Messages = {
  ...core,
  ...auth,
  ...labels,
  ...content,
  ...writer,
  ...authors,
  // Areas share only `resources` (react-admin's resource words), merged here.
  resources: { ...labels.resources, ...content.resources, ...authors.resources },
};

export default messages;
