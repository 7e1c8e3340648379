/** English words of the readers' side of the public site (see zh-TW/readers.ts). */

const readers = {
  readers: {
    mail: {
      subject: '%{code} is your sign-in code for %{site}',
      body: 'Hello,\n\nYour sign-in code for "%{site}" is %{code}. It is valid for %{minutes} minutes.\n\nYou can also sign in with this link:\n%{link}\n\nIf you did not ask for it, please ignore this mail.',
    },
    page: {
      signin: 'Sign in',
      account: 'My account',
      contact: 'Contact us',
    },
  },
};

export default readers;
