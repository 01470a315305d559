import type { Role } from '@brezza/contract';
import type { Config } from './config.js';
import type { Database } from './db/database.js';

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
    /** Set while a demo account with a printed password exists: the server then stays local. */
    demo: { active: boolean };
    /** Verifies the bearer access token and sets `request.user` (see modules/identity). */
    authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void>;
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
  }
}
