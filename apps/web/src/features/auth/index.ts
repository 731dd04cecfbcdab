/** Sign-in, sign-up and the organization setup step. */
export { LoginPage } from './LoginPage';
export { VerifyEmailPage } from './VerifyEmailPage';
