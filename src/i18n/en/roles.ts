/** en words: roles and the permission tree. */
import type { DeepStrings } from '../types';
import type rolesSource from '../zh-TW/roles';

const roles: DeepStrings<typeof rolesSource> = {
  permissions: {
    group: {
      site_admin: 'Site management',
      content: 'Content management',
      system: 'System management',
      staff: 'Staff',
      role: 'Roles',
      subscription: 'Subscription',
      design: 'Design',
      post: 'Articles',
      page: 'Static pages',
      setting: 'Site settings',
      plan: 'Plans',
      theme: 'Themes',
    },
    leaf: {
      staff: { view: 'View staff', edit: 'Edit staff', delete: 'Delete staff', view_all: 'View all admins' },
      role: { view: 'View roles', edit: 'Edit roles', delete: 'Delete roles' },
      subscription: { payment: 'Change payment method', plan: 'Change plan' },
      design: { style: 'Change style' },
      post: {
        view: 'View articles',
        edit: 'Edit articles',
        delete: 'Delete articles',
        view_site: "View this site's articles",
        view_all: 'View all articles',
      },
      page: { add: 'Add pages', edit: 'Edit pages', delete: 'Delete pages' },
      setting: {
        view: 'View settings',
        edit: 'Edit settings',
        delete: 'Delete settings',
        permission: 'Edit permissions',
        admin: 'Edit admins',
      },
      plan: { add: 'Add plans', edit: 'Edit plans', delete: 'Delete plans' },
      theme: { add: 'Add themes', edit: 'Edit themes', delete: 'Delete themes' },
    },
  },
  roleScreens: {
    create: 'New role',
    edit: 'Edit role',
    view: 'Role',
    builtin: 'Built-in',
    custom: 'Custom',
    builtinNote:
      'The permissions of a built-in role are set by the system; it cannot be renamed, changed or deleted.',
    readOnlyNote: 'You may view roles but not edit them.',
    permissionsHint: 'Ticking a group selects all its permissions; a partly selected group shows a dash.',
    selected: '%{n} of %{total} permissions selected',
    staffCount: '%{smart_count} person |||| %{smart_count} people',
    inUse:
      '%{smart_count} staff member holds this role; give them another role before deleting it. |||| %{smart_count} staff members hold this role; give them another role before deleting it.',
    saved: 'Role saved',
    deleted: 'Role deleted',
    deleteTitle: 'Delete the role "%{name}"?',
    deleteBody: 'This cannot be undone.',
    notFound: 'This role was not found; it may have been deleted.',
    back: 'Back to roles',
  },
  resources: {
    role: {
      name: 'Role |||| Roles',
      fields: {
        id: 'ID',
        name: 'Role name',
        builtin: 'Type',
        permissions: 'Permissions',
        staff_count: 'Staff',
        updated_at: 'Updated',
      },
    },
  },
};

export default roles;
