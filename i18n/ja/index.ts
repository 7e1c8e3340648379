/** ja: the same areas and keys as zh-TW. */
import type { Messages } from '../zh-TW';
import auth from './auth';
import content from './content';
import core from './core';
import dashboard from './dashboard';
import epaperSend from './epaperSend';
import files from './files';
import labels from './labels';
import menus from './menus';
import plan from './plan';
import profile from './profile';
import publicSite from './publicSite';
import renewal from './renewal';
import roles from './roles';
import settings from './settings';
import staff from './staff';
import themes from './themes';
import themeUpload from './themeUpload';
import wizard from './wizard';
import writer from './writer';

const messages: Messages = {
  ...core,
  ...auth,
  ...labels,
  ...content,
  ...writer,
  ...profile,
  ...menus,
  ...roles,
  ...settings,
  ...staff,
  ...files,
  ...dashboard,
  ...wizard,
  ...plan,
  ...renewal,
  ...epaperSend,
  ...publicSite,
  ...themeUpload,
  ...themes,
  // Areas share only `resources` (react-admin's resource words), merged here.
  resources: {
    ...labels.resources,
    ...content.resources,
    ...roles.resources,
    ...staff.resources,
    ...files.resources,
    ...dashboard.resources,
  },
};

export default messages;
