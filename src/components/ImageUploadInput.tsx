/** ImageUpload as a react-admin input: the form holds the uploaded file's path ('' for none). */
import { FieldTitle, useInput, useResourceContext, ValidationError } from 'ra-core';
import type { ReactNode } from 'react';
import { ImageUpload, type ImageUploadProps } from './ImageUpload';

export interface ImageUploadInputProps
  extends Pick<ImageUploadProps, 'variant' | 'disabled' | 'maxBytes' | 'testId' | 'kind'> {
  source: string;
  /** An i18n key or text; by default the resource's field name. */
  label?: string;
  helperText?: ReactNode;
}

const keepEmpty = (v: unknown) => (typeof v === 'string' ? v : '');

export function ImageUploadInput({ source, label, helperText, ...rest }: ImageUploadInputProps) {
  const resource = useResourceContext();
  const { field, fieldState, isRequired } = useInput({ source, format: keepEmpty, parse: keepEmpty });
  const error = fieldState.error?.message;
  return (
    <ImageUpload
      {...rest}
      value={field.value}
      onChange={field.onChange}
      onBlur={field.onBlur}
      label={<FieldTitle label={label} source={source} resource={resource} isRequired={isRequired} />}
      helperText={helperText}
      error={error ? <ValidationError error={error} /> : undefined}
    />
  );
}
