/**
 * zh-TW: the source language, one file per area. Every key must exist in en/ and ja/ (the types and a test check
 * it). Plain data only: the server imports these files too (mail, reply messages).
 */

import type { DeepStrings } from '../types';
import auth from './auth';
import core from './core';
import labels from './labels';

const zhTW = { ...core, ...auth, ...labels };

export default zhTW;
export type Messages = DeepStrings<typeof zhTW>;
