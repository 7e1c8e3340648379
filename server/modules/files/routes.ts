/** `/api/element/upload/*` and `/api/video/list`: uploads. */
import type { AnyAction } from '../../http/action';

export const fileActions: AnyAction[] = [];
