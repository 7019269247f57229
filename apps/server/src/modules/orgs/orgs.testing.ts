// The organisation helpers every module's tests use (they live in test/, which reads the mail outbox).
export { createOrg, invitationTokenFor, inviteAndJoin, orgHeaders } from '../../test/orgs.testing.js';
