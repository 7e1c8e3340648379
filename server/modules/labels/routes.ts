/** `/api/label/*`: tags and categories with their languages. */
import type { AnyAction } from '../../http/action';

export const labelActions: AnyAction[] = [];
