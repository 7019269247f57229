/** The account page's English messages (namespace 'account'): the page, sessions, export and deletion. */
export const account = {
  page: {
    title: 'Account',
  },
};
