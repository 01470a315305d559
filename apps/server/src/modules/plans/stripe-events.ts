import { z } from 'zod';

/**
 * The parts of Stripe's event objects this module reads, checked before use: a signed event of an
 * unexpected shape is recorded and ignored rather than failing on every retry.
 */
export interface WebhookEvent {
  id: string;
  type: string;
  /** Seconds since the epoch, when Stripe created the event. */
  created: number;
  data: { object: unknown };
}

/** Stripe expands some references to objects; we only need their ids. */
const reference = z
  .union([z.string(), z.object({ id: z.string() }).transform((object) => object.id)])
  .nullable()
  .optional();

export const checkoutSessionObjectSchema = z.object({
  id: z.string(),
  mode: z.string().nullable().optional(),
  payment_status: z.string().optional(),
  subscription: reference,
});

export const subscriptionObjectSchema = z.object({
  id: z.string(),
  status: z.string(),
  items: z
    .object({
      data: z.array(z.object({ price: z.object({ id: z.string() }).nullable().optional() })),
    })
    .optional(),
  metadata: z.record(z.string(), z.string()).nullable().optional(),
});

export const eventCreatedAt = (event: WebhookEvent) => new Date(event.created * 1000).toISOString();
