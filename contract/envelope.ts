/** Every API reply: `code` 1 is success; anything else is a coded failure (see codes.ts). */
export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

/** Validation failures carry one message per field, shaped like the submitted form. */
export type FieldErrors = Record<string, string>;

export interface ValidationFailureData {
  errors: FieldErrors;
}
