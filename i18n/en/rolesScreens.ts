import type { DeepStrings } from '../types';
import type rolesScreensSource from '../zh-TW/rolesScreens';

/** en words: the role screens' own (the permission tree, the role list and form) (see zh-TW/rolesScreens.ts). */
const rolesScreens: DeepStrings<typeof rolesScreensSource> = {
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
      member: 'Members',
      customer: 'Customer messages',
      shop: 'Shop',
      goods: 'Products',
      logistics: 'Logistics',
      order: 'Orders',
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
      member: { view: 'View members', edit: 'Edit members', delete: 'Delete members' },
      customer: { view: 'View customer messages', reply: 'Reply to customer messages' },
      goods: { view: 'View products', edit: 'Edit products', delete: 'Delete products' },
      logistics: { view: 'View logistics', edit: 'Edit logistics', delete: 'Delete logistics' },
      order: { view: 'View orders', edit: 'Process orders' },
    },
    help: {
      staff: {
        view_all:
          'See every staff member, the owner and those with more permissions included; without it, only those you could manage.',
      },
      post: {
        view: 'On its own: only the articles, e-papers and pages you created or are an author of.',
        view_site: "Also see and handle others' published and scheduled items on the site.",
        view_all:
          "See and handle every item on the site (others' drafts included), and reorder pinned items.",
      },
      setting: {
        permission: 'Together with Edit staff, needed to change a staff member’s role.',
        admin: 'Needed to invite, assign, change or remove an administrator.',
      },
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
    beyondNote: 'This role has permissions your own role lacks: you may view it but not change or delete it.',
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
    beyondOwn: 'Your own role lacks these permissions, so you cannot grant them: %{list}',
    listSeparator: ', ',
    notYours: 'Permissions your own role lacks cannot be ticked, only cleared.',
    back: 'Back to roles',
  },
};

export default rolesScreens;
