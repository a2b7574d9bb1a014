import { describe, expect, it } from 'vitest';
import { signInFailure } from '../src/app/auth';

const err = (name: string, message: string) => Object.assign(new Error(message), { name });

describe('sign-in failures', () => {
  it("say one neutral sentence, never the service's own words or whether the account exists", () => {
    for (const e of [
      err('NotAuthorizedException', 'Incorrect username or password.'),
      err('UserNotFoundException', 'User does not exist.'),
      err('InvalidPasswordException', 'Invalid password: the emulator says the stored hash does not match'),
      err('UserNotConfirmedException', 'User is not confirmed.'),
    ]) {
      expect(signInFailure(e)).toBe('Incorrect e-mail or password');
    }
  });
  it('tell too many attempts and an unreachable service apart', () => {
    expect(signInFailure(err('TooManyRequestsException', 'Too many failed sign-ins: try again in 4 seconds'))).toMatch(
      /^Too many failed sign-ins/,
    );
    expect(signInFailure(new TypeError('Failed to fetch'))).toMatch(/could not be reached/);
  });
});
