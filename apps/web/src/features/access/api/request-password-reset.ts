import { useMutation } from '@tanstack/react-query';
import { PASSWORD_RESETS_PATH, type PasswordResetBody } from '@brezza/contract';
import { postPublic } from './post-public';

/** Asks for a password-reset link; the answer is the same whether or not the account exists. */
export function requestPasswordReset(body: PasswordResetBody) {
  return postPublic(PASSWORD_RESETS_PATH, body);
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
