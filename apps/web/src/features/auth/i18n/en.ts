import { signInErrorMessages } from '@nuvem/contracts/auth';

/** The auth feature's English messages (namespace 'auth'). Keys are camelCase, grouped by component. */
export const auth = {
  panel: {
    loginTitle: 'Sign in',
    loginDescription: 'Sign in to the Nuvem ecosystem.',
    registerTitle: 'Create account',
    registerDescription: 'One account for every Nuvem application.',
    signedInTitle: 'Signed in',
    signedInAs: 'You are signed in as <name/> (<email/>).',
    fallbackName: 'User',
    continue: 'Continue',
  },
  form: {
    loginLabel: 'Sign in',
    registerLabel: 'Create account',
    displayName: 'Display name',
    email: 'Email',
    password: 'Password',
    passwordHint: 'Use {{min}} to {{max}} characters, and not a common or leaked password.',
    forgotPassword: 'Forgot password?',
    rememberMe: 'Remember me',
    submitLogin: 'Sign in',
    submitRegister: 'Create account',
    submittingLogin: 'Signing in…',
    submittingRegister: 'Creating account…',
    haveAccount: 'Already have an account?',
    noAccount: "Don't have an account?",
    switchToLogin: 'Sign in instead',
    switchToRegister: 'Create an account',
    or: 'or',
  },
  /** The server's per-field problems that zod's codes alone cannot word. */
  fields: {
    passwordLength: 'Use {{min}} to {{max}} characters.',
    passwordCommon: 'This password is too common. Choose one that is harder to guess.',
    passwordBlank: 'Use letters, digits or symbols, not only spaces or invisible characters.',
    displayNameControl: 'Remove the control characters (line breaks, tabs) from the name.',
    displayNameVisible: 'Use at least one letter, digit or symbol.',
  },
  social: {
    google: 'Continue with Google',
    github: 'Continue with GitHub',
  },
  errors: {
    loginFailed: 'Login failed',
    registrationFailed: 'Registration failed',
    invalidCredentials: 'Invalid email or password',
    emailTaken: 'An account with this e-mail already exists',
    rateLimited: 'Too many attempts. Wait a minute and try again.',
    crossSite: 'The request was refused because it did not come from this site. Reload the page and try again.',
  },
  /** `/login?error=<code>`: the fixed messages of the contract's sign-in error codes. */
  signInErrors: signInErrorMessages,
} as const;
