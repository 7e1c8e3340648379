/**
 * Submitting a sign-in form: call the API, put field errors under the fields, toast anything else, and ask for a
 * new bot check when the server spent or refused the last one.
 */
import { useState } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { Code } from '../../contract/codes';
import { ApiError } from '../dataProvider/client';
import type { CaptchaHandle } from './Captcha';
import { useToast } from './Toast';

export function useSubmit<T extends FieldValues>(
  setError: UseFormSetError<T>,
  captcha?: CaptchaHandle | null,
) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const run = async <R>(work: () => Promise<R>): Promise<R | undefined> => {
    setBusy(true);
    try {
      return await work();
    } catch (err) {
      const error =
        err instanceof ApiError ? err : new ApiError('errors.generic', 0, { code: 0, msg: '', data: null });
      if (error.body.errors) {
        for (const [field, message] of Object.entries(error.body.errors)) {
          setError(field as Path<T>, { type: 'server', message });
        }
      }
      if (error.code !== Code.VALIDATION) captcha?.reset();
      toast(error.message);
      return undefined;
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}
