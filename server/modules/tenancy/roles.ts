/** A staff role as the API names it: a built-in role by its translation in the caller's language, a custom one by its own name. */
import type { Locale } from '../../../contract/constants';
import type { RoleRef } from '../../../contract/staff';
import { t } from '../../i18n';

export const roleRef = (lang: Locale, r: { id: number; name: string; builtin: boolean }): RoleRef => ({
  id: r.id,
  name: r.builtin ? t(lang, `roles.${r.id}`) : r.name,
});
