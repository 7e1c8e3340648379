/**
 * A form over settings the server keeps as a whole (the site's general settings, the home page): fields checked 500 ms
 * after typing (SPEC §5), leaving with unsaved changes asks first, and a save starts the form again from the server's
 * answer, so it is no longer 'unsaved'. A refusal shows the server's field messages and a toast.
 */
import { Box, Typography } from '@mui/material';
import { Form, useNotify, useTranslate } from 'ra-core';
import { type ReactNode, useState } from 'react';
import type { FieldValues } from 'react-hook-form';
import type { ApiError } from '../dataProvider/client';
import { ValidateAfterTyping } from '../validation/useValidateAfterTyping';

export interface SettingsFormProps<T extends FieldValues> {
  initial: T;
  /** Saves the form's values and answers the server's record; null when nothing was sent (the caller said why). */
  save: (values: FieldValues) => Promise<T | null>;
  /** The success toast's translation key. */
  done: string;
  /** After a save, e.g. to reload what the shell shows. */
  onSaved?: (saved: T) => Promise<void> | void;
  /** Toast the first field message rather than the general one: for fields that show no message of their own. */
  toastFieldMessage?: boolean;
  children: ReactNode;
}

export function SettingsForm<T extends FieldValues>({
  initial,
  save,
  done,
  onSaved,
  toastFieldMessage = false,
  children,
}: SettingsFormProps<T>) {
  const notify = useNotify();
  const [values, setValues] = useState(initial);
  const [version, setVersion] = useState(0);

  const submit = async (form: FieldValues) => {
    try {
      const saved = await save(form);
      if (saved === null) return undefined;
      setValues(saved);
      setVersion((v) => v + 1);
      notify(done, { type: 'success' });
      await onSaved?.(saved);
      return undefined;
    } catch (err) {
      const failure = err as ApiError;
      const errors = failure.body?.errors ?? {};
      const text = (toastFieldMessage && Object.values(errors)[0]) || failure.message;
      if (text) notify(text, { type: 'error' });
      return errors;
    }
  };

  return (
    <Form
      key={version}
      defaultValues={values}
      onSubmit={submit}
      mode="onSubmit"
      reValidateMode="onSubmit"
      warnWhenUnsavedChanges
      noValidate
    >
      <ValidateAfterTyping />
      {children}
    </Form>
  );
}

/** A titled part of a settings form. */
export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <Box component="section" sx={{ mt: 3 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {translate(title)}
      </Typography>
      {children}
    </Box>
  );
}
