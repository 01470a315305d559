import { z } from 'zod';

export const identityConfigSchema = z.object({
  /** `embedded`: the product's own OpenID provider under /idp; `auth0`: an Auth0 tenant. */
  mode: z.enum(['embedded', 'auth0']),
  /** What auth0-spa-js calls `domain`: a host name, or an absolute URL for the embedded provider. */
  domain: z.string(),
  clientId: z.string(),
  audience: z.string(),
  /** Social connections (e.g. `github`, `google-oauth2`) that are configured on the provider. */
  socialConnections: z.array(z.string()),
});
export type IdentityConfig = z.infer<typeof identityConfigSchema>;

export const bannerSchema = z.object({ text: z.string(), url: z.string().nullable() });
export type Banner = z.infer<typeof bannerSchema>;

export const appConfigSchema = z.object({
  productName: z.string(),
  identity: identityConfigSchema,
  links: z.object({
    requestDemo: z.string(),
    learnMore: z.string(),
    observability: z.string(),
  }),
  banner: bannerSchema.nullable(),
});
export type AppConfig = z.infer<typeof appConfigSchema>;
