import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { i18n } from '@/lib/i18n';
import { authErrorMessage } from './auth-error-message';

describe('authErrorMessage', () => {
  it("shows the server's error text", () => {
    expect(authErrorMessage(new ApiError(401, 'Invalid email or password'), 'Login failed')).toBe(
      'Invalid email or password',
    );
    expect(authErrorMessage(new ApiError(429, 'Too many attempts'), 'Registration failed')).toBe('Too many attempts');
  });

  it('falls back when the server gave no text', () => {
    expect(authErrorMessage(new ApiError(500, 'HTTP 500'), 'Login failed')).toBe('Login failed');
    expect(authErrorMessage(new ApiError(400, ' '), 'Login failed')).toBe('Login failed');
  });

  it('falls back on a network failure, a broken reply or any other error', () => {
    expect(authErrorMessage(new ApiError(0, 'Network error: the server could not be reached'), 'Login failed')).toBe(
      'Login failed',
    );
    expect(authErrorMessage(new ApiError(200, 'Unexpected reply from the server', 'BAD_REPLY'), 'Login failed')).toBe(
      'Login failed',
    );
    expect(authErrorMessage(new TypeError('boom'), 'Registration failed')).toBe('Registration failed');
  });

  it('words the refusals it knows by their code, in the language in use', async () => {
    const wrong = new ApiError(401, 'Invalid email or password', 'INVALID_CREDENTIALS');
    const taken = new ApiError(409, 'An account with this e-mail already exists', 'EMAIL_TAKEN');
    const limited = new ApiError(429, 'Too many attempts. Try again in 30 seconds.', 'RATE_LIMITED');
    expect(authErrorMessage(wrong, 'Login failed')).toBe('Invalid email or password');
    expect(authErrorMessage(limited, 'Login failed')).toBe('Too many attempts. Wait a minute and try again.');
    await i18n.changeLanguage('pt-PT');
    expect(authErrorMessage(wrong, 'x')).toBe('E-mail ou palavra-passe inválidos');
    expect(authErrorMessage(taken, 'x')).toBe('Já existe uma conta com este e-mail');
    expect(authErrorMessage(limited, 'x')).toBe('Demasiadas tentativas. Aguarde um minuto e tente novamente.');
  });
});
