/** `/api/press/*?t=<type>` and `/api/tag/*`: articles, pages and e-papers. */
import type { AnyAction } from '../../http/action';

export const contentActions: AnyAction[] = [];
