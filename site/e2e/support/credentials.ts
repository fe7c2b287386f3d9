/** The admin account the e2e server creates; browser tests sign in with it. */
export const E2E_ADMIN = { email: 'reception@clinic.test', password: 'e2e-Reception-2026!' };
