/**
 * The organisations feature's English messages (namespace 'organisations'): the workspace
 * switcher in the header, the create-organisation dialog and the accept-invitation page.
 */
export const organisations = {
  roles: {
    owner: 'Owner',
    admin: 'Admin',
    developer: 'Developer',
    billing: 'Billing',
    viewer: 'Viewer',
  },
  switcher: {
    label: 'Workspace: {{name}} ({{role}})',
    heading: 'Workspaces',
    personal: 'Personal',
    personalName: 'Personal workspace',
    itemRole: 'Your role: {{role}}',
    loading: 'Loading your workspaces…',
    loadError: 'Your workspaces could not be loaded.',
    retry: 'Try again',
    create: 'Create organisation',
    settings: 'Organisation settings',
    switched: 'You are now working in {{name}}.',
    refused: 'That workspace is not one of yours (or you were removed from it): showing {{name}}.',
    lostDeleted: '{{name}} was deleted by an owner: showing your personal workspace.',
    lostRemoved: 'You were removed from {{name}}: showing your personal workspace.',
  },
  create: {
    title: 'Create an organisation',
    description:
      'An organisation shares containers, applications and keys, flows and billing with the people you invite. You will be its owner.',
    nameLabel: 'Organisation name',
    nameHint: 'Your company or team, as members will see it.',
    submit: 'Create organisation',
    creating: 'Creating…',
    created: '{{name}} is ready. Invite people from its settings.',
    failed: 'The organisation could not be created',
    unverified: 'Verify your e-mail address before creating an organisation: open the link we sent you.',
  },
  accept: {
    title: 'Join an organisation',
    signedOutTitle: 'You have been invited to an organisation',
    signedOutText:
      'Sign in with the address the invitation was sent to, and you will come back here to accept it. No account yet? Create one with that address from the sign-in page.',
    signIn: 'Sign in to accept',
    loading: 'Reading the invitation…',
    missingToken:
      'This page needs the link from the invitation e-mail. Open the link again, or ask for a new invitation.',
    invalid:
      'This invitation link is not valid: it may have expired (invitations last {{days}} days), been revoked or already been used. Ask an owner or admin of the organisation for a new one.',
    loadError: 'The invitation could not be read.',
    retry: 'Try again',
    invitedTo: 'You are invited to join',
    organisation: 'Organisation',
    role: 'Role',
    address: 'Sent to',
    invitedBy: 'Invited by',
    expires: 'Valid until',
    roleMeans: 'As {{role}}: {{description}}',
    submit: 'Accept invitation',
    accepting: 'Joining…',
    joined: 'Welcome to {{name}}. You are now working in it.',
    failed: 'The invitation could not be accepted',
    otherAddress:
      'This invitation was sent to {{email}}, but you are signed in as {{current}}. Sign out and sign in with {{email}} to accept it.',
    otherAddressServer: 'This invitation was sent to another address. Sign in with that address to accept it.',
    unverified:
      'Verify your e-mail address first: open the link we sent to {{email}}, then come back to this page to accept.',
    seatsFull:
      'Every seat of this organisation is taken. Ask an owner or admin to free a seat or buy a larger plan, then try again.',
    goHome: 'Back to the desktop',
  },
  roleDescriptions: {
    owner: 'everything, including deleting the organisation',
    admin: 'everything an owner can, except promoting or removing owners',
    developer: 'builds and runs containers, applications and keys, and flows',
    billing: 'plans, orders, invoices and billing details; reads everything else',
    viewer: 'reads everything, changes nothing',
  },
} as const;
