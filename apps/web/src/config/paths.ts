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
  equipment: '/equipment',
  equipmentUnit: (id: number) => `/equipment/${id}`,
  auditLog: '/audit-log',
  users: '/users',
  debug: '/debug',
} as const;
