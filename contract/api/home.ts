/** The home page settings of the current site (SPEC §3 Home settings): viewing needs setting.view, saving setting.edit. */
import { EmptyInput } from '../auth';
import { endpoint } from '../endpoint';
import { HomeSave, HomeSettings } from '../home';
import { RESOURCE_PERMISSIONS } from '../permissions';

const perm = RESOURCE_PERMISSIONS.setting;

export const homeApi = {
  get: endpoint({
    path: 'home/get',
    /** SPEC §7's name. */
    aliases: ['site/home'],
    input: EmptyInput,
    output: HomeSettings,
    access: 'site',
    permission: perm.list,
    summary: "The home page's layout, cover story and chosen articles and categories",
  }),
  save: endpoint({
    path: 'home/save',
    aliases: ['site/set_home'],
    input: HomeSave,
    output: HomeSettings,
    access: 'site',
    permission: perm.edit,
    summary: 'Saves the home page settings (published articles and categories of the site only)',
  }),
};
