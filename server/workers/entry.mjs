// A worker thread's first file: plain JavaScript, so that it loads in any process (the server under `--import tsx`,
// the tests under vitest), then the TypeScript of its tasks through tsx.
import { register } from 'tsx/esm/api';

register();
const tasks = await import('./tasks.ts');

export const render = tasks.render;
export const sanitizeDocument = tasks.sanitizeDocument;
/** Answers once this worker has loaded its tasks: warmWorkers (pool.ts) waits for it. */
export const loaded = () => true;
