import type { PlanFeature, Role } from '@brezza/contract';
import type { Config } from './config.js';
import type { Database } from './db/database.js';
import type { Agent } from './modules/agent/plugin.js';
import type { Hierarchy } from './modules/hierarchy/plugin.js';
import type { Identity } from './modules/identity/plugin.js';
import type { Metrics } from './modules/metrics/plugin.js';
import type { Onboarding } from './modules/onboarding/plugin.js';
import type { OrganisationSettings } from './modules/organisation-settings/plugin.js';
import type { Plans } from './modules/plans/plugin.js';

/**
 * One stored sample of the metrics store (modules/telemetry), the shape other modules hand it:
 * named here so that they need not import the telemetry module.
 */
export type { MetricSample } from './modules/telemetry/store/types.js';

/** The gateway behind an agent's app token (modules/agent), for the equipment module. */
export interface AppTokens {
  /** The registered server of a live app token; a 401 with the agent's message otherwise. */
  gateway(secret: string): Promise<{ serverId: number; organisationId: number }>;
}

/** The signed-in operator behind an /api request; every query is scoped to its organisation. */
export interface AuthenticatedUser {
  id: number;
  organisationId: number;
  name: string;
  email: string;
  role: Role;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    /** Lines printed once the server listens (the URL, demo sign-in, where mail goes). */
    startupNotes: string[];
    // Each domain, built once by its plugin (modules/index.ts registers them in order). A module
    // reaches another only through these, never by importing its files.
    /** Users, organisations, the mailer and the identity service (modules/identity). */
    identity: Identity;
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
    appTokens: AppTokens;
  }
  interface FastifyRequest {
    user: AuthenticatedUser;
  }
  interface FastifyContextConfig {
    /**
     * The least role a call needs (see modules/access). Unset: reads need viewer, writes
     * operator, so a new write route is never open to viewers by accident.
     */
    minimumRole?: Role;
    /**
     * The plan feature a call belongs to (contract's PLAN_FEATURES, modules/plans): refused with
     * 403 naming the plan when the organisation's plan does not include it. Unset: every plan.
     */
    planFeature?: PlanFeature;
  }
}
