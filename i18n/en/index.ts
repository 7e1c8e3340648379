/** en: the same areas and keys as zh-TW. */
import type { Messages } from '../zh-TW';
import aiHelper from './aiHelper';
import auth from './auth';
import content from './content';
import contentScreens from './contentScreens';
import core from './core';
import dashboard from './dashboard';
import discount from './discount';
import epaperSend from './epaperSend';
import files from './files';
import filesScreens from './filesScreens';
import inbox from './inbox';
import labels from './labels';
import labelsScreens from './labelsScreens';
import members from './members';
import menus from './menus';
import orders from './orders';
import pageTree from './pageTree';
import plan from './plan';
import profile from './profile';
import publicSite from './publicSite';
import readers from './readers';
import receipt from './receipt';
import renewal from './renewal';
import roles from './roles';
import rolesScreens from './rolesScreens';
import settings from './settings';
import share from './share';
import shopMail from './shopMail';
import shopPublic from './shopPublic';
import staff from './staff';
import subscription from './subscription';
import support from './support';
import themes from './themes';
import themeUpload from './themeUpload';
import translation from './translation';
import videos from './videos';
import wizard from './wizard';
import wordImport from './wordImport';
import writer from './writer';

const messages: Messages = {
  ...core,
  ...aiHelper,
  ...auth,
  ...labels,
  ...labelsScreens,
  ...content,
  ...contentScreens,
  ...writer,
  ...translation,
  ...profile,
  ...menus,
  ...roles,
  ...rolesScreens,
  ...settings,
  ...staff,
  ...files,
  ...filesScreens,
  ...dashboard,
  ...wizard,
  ...plan,
  ...receipt,
  ...discount,
  ...renewal,
  ...epaperSend,
  ...publicSite,
  ...themeUpload,
  ...themes,
  ...members,
  ...orders,
  ...inbox,
  ...readers,
  ...subscription,
  ...shopPublic,
  ...shopMail,
  ...share,
  ...wordImport,
  ...videos,
  ...support,
  ...pageTree,
  // Areas share only `resources` (react-admin's resource words), merged here.
  resources: {
    ...labels.resources,
    ...content.resources,
    ...roles.resources,
    ...files.resources,
    ...dashboard.resources,
    ...inbox.resources,
  },
};

export default messages;
