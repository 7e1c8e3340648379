/** en words: the plan cards, the card and invoice form, the payment modals (billing) and the new-site wizard. */
import type { DeepStrings } from '../types';
import type zh from '../zh-TW/wizard';

const wizard: DeepStrings<typeof zh> = {
  billing: {
    plan: {
      choose: 'Choose a plan',
      current: 'Current plan',
      price: 'NT$ %{price} / month',
      members: 'Up to %{n} members',
      staff: '%{n} staff accounts',
      history: '%{count} revisions kept for %{days} days',
      upload: '%{n} MB of uploads',
      newsletters: '%{n} newsletters a month',
    },
    features: {
      full: 'Every feature',
      team: 'Team members and roles',
      theme: 'Themes',
      design: 'Site design',
      membership: 'Members and paid content',
      shop: 'E-commerce',
      newsletter: 'Newsletters',
    },
  },
};

export default wizard;
