/** English messages of e-mail verification, password reset and change, e-mail change (namespace 'accountEmail'). */
export const accountEmail = {
  banner: {
    unverified: 'Verify your e-mail address.',
  },
};
