import { useMutation } from '@tanstack/react-query';
import { createTokenResponseSchema, TOKENS_PATH, type CreateTokenResponse } from '@brezza/contract';
import { useApiClient } from '@/lib/api-client';

export const TOKEN_FAILED = 'Failed to create token: {status}';

/** SPEC §7 `POST /api/tokens`: no body; an answer without a token counts as a failure. */
export function useCreateToken() {
  const request = useApiClient();
  return useMutation({
    mutationFn: async (): Promise<CreateTokenResponse> => {
      const answer = await request<unknown>(TOKENS_PATH, {
        method: 'POST',
        fallbackError: TOKEN_FAILED,
      });
      const parsed = createTokenResponseSchema.safeParse(answer);
      if (!parsed.success) throw new Error('The server answered without a token.');
      return parsed.data;
    },
  });
}
