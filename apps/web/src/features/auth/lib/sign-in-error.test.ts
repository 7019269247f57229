import { signInErrorMessages } from '@nuvem/contracts/auth';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { signInErrorMessage } from './sign-in-error';

describe('signInErrorMessage', () => {
  it('gives the fixed message of a known code', () => {
    expect(signInErrorMessage('github_not_configured')).toBe(signInErrorMessages.github_not_configured);
    expect(signInErrorMessage('rate_limited')).toBe(signInErrorMessages.rate_limited);
  });

  it("says in English exactly the contract's text for every code", () => {
    for (const [code, text] of Object.entries(signInErrorMessages)) expect(signInErrorMessage(code)).toBe(text);
  });

  it('gives the generic message for anything else, inherited property names included', () => {
    for (const code of ['', 'Call 555 now', 'constructor', '__proto__', 'hasOwnProperty', 'GITHUB_NOT_CONFIGURED']) {
      expect(signInErrorMessage(code)).toBe(signInErrorMessages.social_failed);
    }
  });

  it('gives nothing when there is no error', () => {
    expect(signInErrorMessage(null)).toBeNull();
  });

  it('says it in European Portuguese when that is the language in use', async () => {
    await i18n.changeLanguage('pt-PT');
    expect(signInErrorMessage('social_cancelled')).toBe('O início de sessão social falhou: cancelou-o.');
    expect(signInErrorMessage('anything else')).toBe('O início de sessão social falhou. Tente novamente.');
  });
});
