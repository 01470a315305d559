import type { Config } from './config.js';
import type { Database } from './db/database.js';
import type { Agent } from './modules/agent/plugin.js';
import type { Hierarchy } from './modules/hierarchy/plugin.js';
import type { Metrics } from './modules/metrics/plugin.js';
import type { Onboarding } from './modules/onboarding/plugin.js';
import type { OrganisationSettings } from './modules/organisation-settings/plugin.js';
import type { Plans } from './modules/plans/plugin.js';

/** The signed-in operator behind an /api request; every query is scoped to its organisation. */
export interface AuthenticatedUser {
  id: number;
  organisationId: number;
  name: string;
  email: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    /** Lines printed once the server listens (the URL, demo sign-in, where mail goes). */
    startupNotes: string[];
    // Each domain, built once by its plugin (modules/index.ts registers them in order). A module
    // reaches another only through these, never by importing its files.
    hierarchy: Hierarchy;
    organisationSettings: OrganisationSettings;
    plans: Plans;
    onboarding: Onboarding;
    metrics: Metrics;
    agent: Agent;
    /** Set while a demo account with a printed password exists: the server then stays local. */
    demo: { active: boolean };
    /** Verifies the bearer access token and sets `request.user` (see modules/identity). */
    authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  }
  interface FastifyRequest {
    user: AuthenticatedUser;
  }
}
