import type { DeepStrings } from '../types';
import type authSource from '../zh-TW/auth';

const auth: DeepStrings<typeof authSource> = {
  auth: {
    fields: {
      email: 'E-mail',
      password: 'Password',
      passwordConfirm: 'Confirm password',
      newPassword: 'New password',
      nickname: 'Nickname',
      code: 'Verification code',
      remember: 'Remember me (30 days)',
    },
    /** Shown under every new password field before anything is typed (SPEC §5 password rule). */
    passwordRule: 'At least %{min} characters, with a digit and a lowercase letter',
    showPassword: 'Show password',
    closeMessage: 'Close message',
    hidePassword: 'Hide password',
    login: {
      title: 'Sign in',
      submit: 'Sign in',
      forgot: 'Forgot your password?',
      noAccount: 'No account yet?',
      register: 'Sign up',
    },
    register: {
      title: 'Sign up',
      emailStep: 'Enter your e-mail address and we will send you a 6-digit code.',
      sendCode: 'Send code',
      codeStep: 'The code was sent to %{email}. Enter it below.',
      verify: 'Verify',
      resend: 'Send again',
      resendIn: 'Send again in %{s} s',
      verified: 'E-mail address verified',
      changeEmail: 'Use another address',
      submit: 'Sign up',
      haveAccount: 'Already have an account?',
      login: 'Sign in',
    },
    forgot: {
      title: 'Forgot password',
      intro: 'Enter your e-mail address and we will send you a link to reset your password.',
      submit: 'Send reset link',
      successTitle: 'Mail sent',
      successBody:
        'If this address has an account, a reset link is on its way; please check your mailbox. Back to sign-in in %{s} s.',
      toLogin: 'Back to sign-in',
    },
    reset: {
      title: 'Reset password',
      submit: 'Set new password',
      done: 'Your password was changed; please sign in with the new one.',
      missingToken: 'The reset link is incomplete; please request a new one.',
    },
    logout: {
      title: 'Signing out…',
    },
  },
  mail: {
    verify: {
      subject: 'Your verification code: %{code}',
      body: 'Hello,\n\nYour e-mail verification code is %{code}. It is valid for %{minutes} minutes.\nIf this was not you, please ignore this mail.',
    },
    reset: {
      subject: 'Reset your password',
      body: 'Hello,\n\nOpen the link below within %{minutes} minutes to reset your password:\n%{link}\n\nIf this was not you, please ignore this mail.',
    },
  },
};

export default auth;
