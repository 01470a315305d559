/** The one route table: every page path of the app, in the operator's words. */
export const paths = {
  home: '/',
  loggedOut: '/logged-out',
  signIn: '/signin',
  signUp: '/signup',
  resetPassword: '/reset-password',
  features: '/features',
  devices: '/devices',
  plans: '/stripe',
  planSuccess: '/success',
  planCancel: '/cancel',
  docs: '/docs',
  observability: '/observability',
  debug: '/debug',
} as const;
