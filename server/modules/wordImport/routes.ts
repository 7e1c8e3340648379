/** `/api/press/import` (contract/api/wordImport.ts): a Word document into a draft article. */
import { wordImportApi } from '../../../contract/api/wordImport';
import { action } from '../../http/action';
import { importDocx } from './service';

export const wordImportActions = [
  action({ ...wordImportApi.import, handler: (input, ctx) => importDocx(ctx, input.file) }),
];
