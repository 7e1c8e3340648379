/**
 * The sign-in screens' building blocks as plain elements styled by auth.css: MUI's styling runtime and theme alone
 * weigh about 45 kB gzip, more than the whole sign-in page may (issue 31: 120 kB with the bot check). They keep the
 * roles, names and ids MUI gave them.
 */
import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { RouterLink } from './router';

type Variant = 'contained' | 'text';

/** A button; `contained` is the screen's main action, full width and large. */
export function Button({
  variant = 'text',
  className,
  type = 'button',
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant }) {
  return <button type={type} className={`a-btn a-btn-${variant} ${className ?? ''}`} {...rest} />;
}

/** A link within the sign-in screens; `button` draws it as the main action. */
export function Link({
  to,
  children,
  button,
  className,
}: {
  to: string;
  children: ReactNode;
  button?: boolean;
  className?: string;
}) {
  return (
    <RouterLink
      to={to}
      className={`${button ? 'a-btn a-btn-contained a-btn-inline' : 'a-link'} ${className ?? ''}`}
    >
      {children}
    </RouterLink>
  );
}

/** A message in a coloured box, announced (`role="alert"`, as MUI's Alert). */
export function Alert({
  severity,
  children,
  testId,
}: {
  severity: 'success' | 'info' | 'warning' | 'error';
  children: ReactNode;
  testId?: string;
}) {
  return (
    <div className={`a-alert a-${severity}`} role="alert" data-testid={testId}>
      {children}
    </div>
  );
}

/** A spinning circle, named when it stands for something. */
export function Spinner({ label }: { label?: string }) {
  return <span className="a-spinner" role="progressbar" aria-label={label} />;
}

/** Secondary text: an intro line under a title. */
export const Note = ({ children }: { children: ReactNode }) => <p className="a-note">{children}</p>;

/** Material's eye icons (24×24), for the password toggle. */
const EYE =
  'M12 4.5C7 4.5 2.73 7.61 1 12c1.73 4.39 6 7.5 11 7.5s9.27-3.11 11-7.5c-1.73-4.39-6-7.5-11-7.5M12 17c-2.76 0-5-2.24-5-5s2.24-5 5-5 5 2.24 5 5-2.24 5-5 5m0-8c-1.66 0-3 1.34-3 3s1.34 3 3 3 3-1.34 3-3-1.34-3-3-3';
const EYE_OFF =
  'M12 7c2.76 0 5 2.24 5 5 0 .65-.13 1.26-.36 1.83l2.92 2.92c1.51-1.26 2.7-2.89 3.43-4.75-1.73-4.39-6-7.5-11-7.5-1.4 0-2.74.25-3.98.7l2.16 2.16C10.74 7.13 11.35 7 12 7M2 4.27l2.28 2.28.46.46C3.08 8.3 1.78 10.02 1 12c1.73 4.39 6 7.5 11 7.5 1.55 0 3.03-.3 4.38-.84l.42.42L19.73 22 21 20.73 3.27 3zM7.53 9.8l1.55 1.55c-.05.21-.08.43-.08.65 0 1.66 1.34 3 3 3 .22 0 .44-.03.65-.08l1.55 1.55c-.67.33-1.41.53-2.2.53-2.76 0-5-2.24-5-5 0-.79.2-1.53.53-2.2m4.31-.78 3.15 3.15.02-.16c0-1.66-1.34-3-3-3z';
export const TRANSLATE_ICON =
  'm12.87 15.07-2.54-2.51.03-.03c1.74-1.94 2.98-4.17 3.71-6.53H17V4h-7V2H8v2H1v1.99h11.17C11.5 7.92 10.44 9.75 9 11.35 8.07 10.32 7.3 9.19 6.69 8h-2c.73 1.63 1.73 3.17 2.98 4.56l-5.09 5.02L4 19l5-5 3.11 3.11zM18.5 10h-2L12 22h2l1.12-3h4.75L21 22h2zm-2.62 7 1.62-4.33L19.12 17z';

export function Icon({ path }: { path: string }) {
  return (
    <svg className="a-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={path} fill="currentColor" />
    </svg>
  );
}

export const eyeIcon = (shown: boolean) => <Icon path={shown ? EYE_OFF : EYE} />;
