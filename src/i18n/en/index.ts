/** en: the same areas and keys as zh-TW. */
import type { Messages } from '../zh-TW';
import auth from './auth';
import core from './core';
import labels from './labels';

const messages: Messages = { ...core, ...auth, ...labels };

export default messages;
