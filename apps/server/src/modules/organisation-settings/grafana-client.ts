/** Grafana answered something other than what the call expects, or could not be reached. */
export class GrafanaError extends Error {
  constructor(
    message: string,
    /** Grafana's HTTP status; null when the request itself failed (network, timeout). */
    readonly status: number | null,
  ) {
    super(message);
    this.name = 'GrafanaError';
  }
}

export interface GrafanaUser {
  id: number;
}

export interface GrafanaOrg {
  id: number;
}

export interface GrafanaUserOrg {
  orgId: number;
}

export interface NewGrafanaUser {
  name: string;
  email: string;
  login: string;
  password: string;
  /** The organisation the user is created in (instead of Grafana's default one). */
  orgId: number;
}

export type GrafanaClient = ReturnType<typeof createGrafanaClient>;

export interface GrafanaClientOptions {
  url: string;
  /** A service-account token, or `user:password` of a Grafana server admin. */
  token: string;
  timeoutMs?: number;
}

/**
 * `Authorization` for Grafana: server-wide calls (users, organisations) need a server admin,
 * which open-source Grafana grants only to users (basic auth), not to service accounts.
 */
export function grafanaAuthorization(token: string): string {
  return token.includes(':')
    ? `Basic ${Buffer.from(token, 'utf8').toString('base64')}`
    : `Bearer ${token}`;
}

/** Paths go into error messages and logs; a lookup's query string holds an e-mail address. */
const withoutQuery = (path: string) => path.split('?')[0];

/** The few Grafana HTTP API calls link-grafana needs; a 404 on a lookup answers null. */
export function createGrafanaClient({ url, token, timeoutMs = 10_000 }: GrafanaClientOptions) {
  const base = url.replace(/\/+$/, '');
  const authorization = grafanaAuthorization(token);

  async function call(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
  ): Promise<{ status: number; body: unknown }> {
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        method,
        headers: {
          Accept: 'application/json',
          Authorization: authorization,
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new GrafanaError(
        `${method} ${withoutQuery(path)} failed: ${(error as Error).message}`,
        null,
      );
    }
    const text = await response.text();
    let parsed: unknown = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // Grafana answers JSON; a proxy's HTML error page is reported by its status alone.
    }
    return { status: response.status, body: parsed };
  }

  function unexpected(method: string, path: string, status: number): GrafanaError {
    return new GrafanaError(`${method} ${withoutQuery(path)} answered ${status}`, status);
  }

  function numberField(value: unknown, field: string, what: string): number {
    const number = (value as Record<string, unknown> | null)?.[field];
    if (typeof number !== 'number') throw new GrafanaError(`${what} carried no ${field}`, 200);
    return number;
  }

  async function lookup(path: string, field: string): Promise<number | null> {
    const result = await call('GET', path);
    if (result.status === 404) return null;
    if (result.status !== 200) throw unexpected('GET', path, result.status);
    return numberField(result.body, field, `GET ${withoutQuery(path)}`);
  }

  return {
    async findUser(loginOrEmail: string): Promise<GrafanaUser | null> {
      const id = await lookup(
        `/api/users/lookup?loginOrEmail=${encodeURIComponent(loginOrEmail)}`,
        'id',
      );
      return id === null ? null : { id };
    },

    /** Null when the login or e-mail is already taken (another request created it first). */
    async createUser(user: NewGrafanaUser): Promise<GrafanaUser | null> {
      const result = await call('POST', '/api/admin/users', {
        name: user.name,
        email: user.email,
        login: user.login,
        password: user.password,
        OrgId: user.orgId,
      });
      if (result.status === 409 || result.status === 412) return null;
      if (result.status !== 200) throw unexpected('POST', '/api/admin/users', result.status);
      return { id: numberField(result.body, 'id', 'POST /api/admin/users') };
    },

    async findOrgById(id: number): Promise<GrafanaOrg | null> {
      const found = await lookup(`/api/orgs/${id}`, 'id');
      return found === null ? null : { id: found };
    },

    async findOrgByName(name: string): Promise<GrafanaOrg | null> {
      const id = await lookup(`/api/orgs/name/${encodeURIComponent(name)}`, 'id');
      return id === null ? null : { id };
    },

    /** Null when the name is already taken. */
    async createOrg(name: string): Promise<GrafanaOrg | null> {
      const result = await call('POST', '/api/orgs', { name });
      if (result.status === 409) return null;
      if (result.status !== 200) throw unexpected('POST', '/api/orgs', result.status);
      return { id: numberField(result.body, 'orgId', 'POST /api/orgs') };
    },

    async userOrgs(userId: number): Promise<GrafanaUserOrg[]> {
      const path = `/api/users/${userId}/orgs`;
      const result = await call('GET', path);
      if (result.status !== 200 || !Array.isArray(result.body)) {
        throw unexpected('GET', path, result.status);
      }
      return result.body.map((org) => ({ orgId: numberField(org, 'orgId', `GET ${path}`) }));
    },

    /** False when the user was already a member. */
    async addOrgUser(orgId: number, loginOrEmail: string, role: 'Viewer'): Promise<boolean> {
      const path = `/api/orgs/${orgId}/users`;
      const result = await call('POST', path, { loginOrEmail, role });
      if (result.status === 409) return false;
      if (result.status !== 200) throw unexpected('POST', path, result.status);
      return true;
    },
  };
}
