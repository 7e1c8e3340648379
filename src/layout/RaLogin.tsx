/**
 * react-admin's own sign-in page, which the admin keeps at /login as <Admin> did (sign-in itself is /auth/login). A
 * chunk of its own: with its form it weighed about 25 kB gzip on every admin screen (AdminApp.tsx).
 */
export { Login as default } from 'react-admin';
