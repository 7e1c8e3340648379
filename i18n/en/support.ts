/** en words: platform support access (the operators' /support screen and banner, the owner's support panel). */
import type { Messages } from '../zh-TW';

const support: Pick<Messages, 'support'> = {
  support: {
    menu: 'Platform support',
    screen: {
      title: 'Platform support',
      subtitle:
        "Enter a site's id or sub-domain and the reason to get a single-use token valid for 10 minutes, then enter the site. The site's owner sees every entry.",
      site: 'Site id or sub-domain',
      reason: 'Reason',
      ask: 'Get a token',
      token: 'Token ready for %{site}: enter before %{time}.',
      join: 'Enter the site',
    },
    banner: {
      text: 'Platform support mode: %{site}, until %{time}',
      end: 'End',
    },
    panel: {
      title: 'Platform support',
      hint: "When on, platform support staff may enter this site with the administrator's permissions after getting a single-use token; every entry is logged below.",
      switch: 'Allow platform support access',
      saved: 'Platform support setting saved',
      empty: 'No platform support entries yet',
      who: 'Who',
      reason: 'Reason',
      created: 'Requested',
      joined: 'Entered',
      expires: 'Expires',
      notJoined: 'Not entered',
    },
  },
};

export default support;
