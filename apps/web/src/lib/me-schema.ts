// Loaded on demand by lib/me.ts: zod stays out of the signed-out first load (issue 10 budget).
export { meSchema } from '@brezza/contract';
