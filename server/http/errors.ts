/** Coded failures thrown by services; the action helper turns them into envelopes. */
import { Code, type CodeValue } from '../../contract/codes';
import type { FieldErrors } from '../../contract/envelope';

export class AppError extends Error {
  constructor(
    readonly code: CodeValue,
    /** An i18n key or plain text; defaults to the code's own message. */
    readonly msgKey?: string,
    readonly data: unknown = null,
    readonly args?: Record<string, unknown>,
  ) {
    super(msgKey ?? `code ${code}`);
  }
}

/** A validation failure on named fields; `errors` values are i18n keys with optional arguments. */
export class FieldError extends AppError {
  constructor(readonly fields: Record<string, { message: string; args?: Record<string, unknown> }>) {
    super(Code.VALIDATION);
  }
}

export const notFound = () => new AppError(Code.NOT_FOUND);
export const forbidden = () => new AppError(Code.FORBIDDEN);
export const duplicate = (field: string) => new FieldError({ [field]: { message: 'validation.duplicate' } });

export type { FieldErrors };
