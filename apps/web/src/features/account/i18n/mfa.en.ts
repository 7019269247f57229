/** English messages of the second factor: TOTP, recovery codes, passkeys (namespace 'mfa'). */
export const mfa = {
  section: {
    title: 'Two-step verification',
  },
};
