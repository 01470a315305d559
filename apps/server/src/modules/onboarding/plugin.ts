import fp from 'fastify-plugin';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';
import { createAppTokensRepository, type AppTokensRepository } from './repository.js';
import { createOnboardingService, type OnboardingService } from './service.js';

export interface Onboarding {
  service: OnboardingService;
  /** App tokens on a connection or inside another module's transaction (an agent registering). */
  appTokens(db: Kysely<DB> | Transaction<DB>): AppTokensRepository;
}

/** App tokens for the installer, built once and decorated as `app.onboarding`. */
export const onboardingPlugin = fp(
  async (app) => {
    app.decorate('onboarding', {
      service: createOnboardingService({ db: app.database.db }),
      appTokens: createAppTokensRepository,
    } satisfies Onboarding);
  },
  { name: 'onboarding', dependencies: ['database'] },
);
