import { useMutation } from '@tanstack/react-query';
import { ACCESS_REQUESTS_PATH, type AccessRequestBody } from '@brezza/contract';
import { postPublic } from './post-public';

/** Sign-up: asks the provider's staff for an account; they approve or reject it. */
export function requestAccess(body: AccessRequestBody) {
  return postPublic(ACCESS_REQUESTS_PATH, body);
}

export function useRequestAccess() {
  return useMutation({ mutationFn: requestAccess });
}
