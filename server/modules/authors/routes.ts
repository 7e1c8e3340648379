/** `/api/author/*` and `member/author`: bylines. */
import type { AnyAction } from '../../http/action';

export const authorActions: AnyAction[] = [];
