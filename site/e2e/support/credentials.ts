/** The admin account the e2e server creates; browser tests sign in with it. */
export const E2E_ADMIN = { email: 'reception@clinic.test', password: 'e2e-Reception-2026!' };

/**
 * AUTH-11: an owner whose password was set on the server's console (`npm run admin -- reset-password`'s function):
 * the first sign-in must choose a new one (admin-first-sign-in.spec.ts, which alone signs in with it).
 */
export const E2E_CONSOLE_OWNER = { email: 'console.owner@clinic.test', password: 'set-on-the-Console-2026', name: 'Dr. Console Owner' };
