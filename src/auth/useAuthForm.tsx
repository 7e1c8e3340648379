/**
 * What every sign-in form has: its form state (form.ts) with validation after typing, the bot check whose solved payload is
 * the call's `token`, and a submit that puts field errors under the fields, toasts the rest and asks for a fresh
 * bot check when the server spent or refused the last one.
 */
import { type RefObject, useRef, useState } from 'react';
import { Code } from '../../contract/codes';
import { ApiError } from '../dataProvider/client';
import { useTranslate } from './authI18n';
import { Captcha, type CaptchaHandle } from './Captcha';
import { type FormState, useForm, type Values } from './form';
import { useToast } from './Toast';
import { Button } from './ui';

export interface AuthForm<T extends Values> {
  form: FormState<T>;
  captcha: RefObject<CaptchaHandle | null>;
  /** The solved bot-check payload, or null while unsolved. */
  token: string | null;
  setToken: (token: string | null) => void;
  busy: boolean;
  /** Runs a call; failures are shown and answered undefined. */
  run: <R>(work: () => Promise<R>) => Promise<R | undefined>;
}

export function useAuthForm<T extends Values>(defaultValues: T): AuthForm<T> {
  const form = useForm<T>(defaultValues);
  const toast = useToast();
  const captcha = useRef<CaptchaHandle>(null);
  const [token, setToken] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async <R,>(work: () => Promise<R>): Promise<R | undefined> => {
    setBusy(true);
    try {
      return await work();
    } catch (err) {
      const error =
        err instanceof ApiError ? err : new ApiError('errors.generic', 0, { code: 0, msg: '', data: null });
      for (const [field, message] of Object.entries(error.body.errors ?? {})) {
        form.setError(field as keyof T & string, { type: 'server', message });
      }
      // Field errors are answered before the bot check is spent; anything else spent it.
      if (error.code !== Code.VALIDATION) captcha.current?.reset();
      toast(error.message);
      return undefined;
    } finally {
      setBusy(false);
    }
  };

  return { form, captcha, token, setToken, busy, run };
}

/** The bot check and the submit button, which waits for it. */
export function VerifiedSubmit<T extends Values>({ auth, label }: { auth: AuthForm<T>; label: string }) {
  const translate = useTranslate();
  return (
    <>
      <Captcha ref={auth.captcha} onChange={auth.setToken} />
      <Button type="submit" variant="contained" disabled={auth.busy || !auth.token}>
        {translate(label)}
      </Button>
    </>
  );
}
