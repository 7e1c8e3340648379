/** Recognising PostgreSQL errors, whether the driver's own or wrapped by Drizzle. */
const pgCode = (err: unknown): string | undefined => {
  const e = err as { code?: unknown; cause?: { code?: unknown } } | null;
  const code = e?.code ?? e?.cause?.code;
  return typeof code === 'string' ? code : undefined;
};

/** A unique index refused the write (23505). */
export const isUniqueViolation = (err: unknown) => pgCode(err) === '23505';

/** The name of the constraint (a unique index) a violation names, whether the driver's own error or wrapped. */
export const constraintOf = (err: unknown): string | undefined => {
  const e = err as { constraint?: unknown; cause?: { constraint?: unknown } } | null;
  const name = e?.constraint ?? e?.cause?.constraint;
  return typeof name === 'string' ? name : undefined;
};
