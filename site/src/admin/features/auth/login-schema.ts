// The sign-in form's schema, loaded apart from the sign-in page (zod is a quarter of the page's script):
// fetched when a field is first focused, and at the latest on the first press of Sign In. zod-setup runs
// first, so zod never probes for eval under the CSP.
import '../../zod-setup';

export { loginSchema } from '../../../../../shared/schemas/auth';
