/** en words: the user's own profile and account. */
const profile = {
  profile: {
    menu: {
      profile: 'Profile',
      account: 'Account',
    },
    view: {
      title: 'Profile',
      edit: 'Edit profile',
      noNickname: '(no nickname yet)',
      role: 'Role on “%{site}”',
      noSite: 'You have no site to manage yet.',
    },
    fields: {
      avatar: 'Avatar',
      nickname: 'Nickname',
      email: 'E-mail',
      language: 'Interface language',
    },
    verified: 'Verified',
    unverified: 'Not verified',
    verifyNow: 'Verify e-mail',
    pending: 'Pending confirmation: %{email}',
    cancelChange: 'Cancel change',
    edit: {
      title: 'Edit profile',
      cropAvatar: 'Crop avatar',
      emailHint:
        'A new address takes effect once you enter the 6-digit code sent to it; until then you sign in with the current one.',
    },
    code: {
      title: 'Verify your e-mail',
      sent: 'We sent a code to %{email}. Enter it below.',
      notSent: 'Press “Send code” and we will mail a 6-digit code to %{email}.',
      send: 'Send code',
      submit: 'Verify',
      later: 'Verify later',
      done: 'E-mail verified',
    },
    account: {
      title: 'Account',
      email: 'Sign-in e-mail',
      changeEmail: 'Change e-mail',
      password: 'Password',
      passwordHint: 'Changing your password signs you out on your other devices.',
      changePassword: 'Change password',
    },
    password: {
      title: 'Change password',
      current: 'Current password',
      new: 'New password',
      submit: 'Change password',
      done: 'Password changed. Your other devices were signed out.',
    },
  },
};

export default profile;
