import { GRAFANA_NOT_CONFIGURED, type LinkGrafanaResult, type OrgSettings } from '@brezza/contract';
import { notFound } from '../../errors.js';
import type { AuthenticatedUser } from '../../types.js';
import { GrafanaError, type GrafanaClient, type GrafanaUser } from './grafana-client.js';
import type { OrganisationSettingsRepository, OrganisationSettingsRow } from './repository.js';
import { randomToken } from '../../lib/secrets.js';

export interface LinkOutcome {
  /** 201 when something had to be created in Grafana, 200 otherwise (SPEC §7). */
  status: 200 | 201;
  body: LinkGrafanaResult;
}

/**
 * Names tried for an organisation's Grafana organisation: its own name, then one made unique by
 * our id, for when another of our organisations (since renamed) already holds the plain name.
 */
export function grafanaOrgNames(organisation: { id: number; name: string }): string[] {
  return [organisation.name, `${organisation.name} (${organisation.id})`];
}

/** Grafana logins of provisioned users never sign in by password: they come through SSO. */
const randomPassword = () => randomToken(24);

export type OrganisationSettingsService = ReturnType<typeof createOrganisationSettingsService>;

export function createOrganisationSettingsService(deps: {
  repository: OrganisationSettingsRepository;
  /** Null when GRAFANA_URL and GRAFANA_TOKEN are not set. */
  grafana: GrafanaClient | null;
}) {
  const { repository } = deps;

  async function organisationOf(user: AuthenticatedUser): Promise<OrganisationSettingsRow> {
    const organisation = await repository.find(user.organisationId);
    if (!organisation) throw notFound('Organisation not found.');
    return organisation;
  }

  /** The Grafana organisation linked to ours, found or created, and remembered. */
  async function ensureOrg(grafana: GrafanaClient, organisation: OrganisationSettingsRow) {
    if (organisation.grafana_org_id !== null) {
      const linked = await grafana.findOrgById(organisation.grafana_org_id);
      if (linked) return { id: linked.id, created: false };
    }
    const usable = async (id: number) =>
      !(await repository.grafanaOrgLinkedElsewhere(id, organisation.id));
    for (const name of grafanaOrgNames(organisation)) {
      const existing = await grafana.findOrgByName(name);
      let found =
        existing && (await usable(existing.id)) ? { id: existing.id, created: false } : null;
      if (!existing) {
        const made = await grafana.createOrg(name);
        // Null: another request created the same name between our lookup and our create.
        const raced = made ? null : await grafana.findOrgByName(name);
        if (made) found = { id: made.id, created: true };
        else if (raced && (await usable(raced.id))) found = { id: raced.id, created: false };
      }
      if (found) {
        await repository.setGrafanaOrgId(organisation.id, found.id);
        return found;
      }
    }
    throw new GrafanaError('no free Grafana organisation name', null);
  }

  async function ensureUser(
    grafana: GrafanaClient,
    user: AuthenticatedUser,
    orgId: number,
  ): Promise<{ user: GrafanaUser; created: boolean }> {
    const existing = await grafana.findUser(user.email);
    if (existing) return { user: existing, created: false };
    const made = await grafana.createUser({
      name: user.name,
      email: user.email,
      login: user.email,
      password: randomPassword(),
      orgId,
    });
    if (made) return { user: made, created: true };
    const raced = await grafana.findUser(user.email);
    if (!raced) throw new GrafanaError('the user could be neither created nor found', null);
    return { user: raced, created: false };
  }

  async function ensureMembership(
    grafana: GrafanaClient,
    grafanaUser: GrafanaUser,
    email: string,
    orgId: number,
  ): Promise<boolean> {
    const orgs = await grafana.userOrgs(grafanaUser.id);
    if (orgs.some((org) => org.orgId === orgId)) return false;
    return grafana.addOrgUser(orgId, email, 'Viewer');
  }

  return {
    async settings(user: AuthenticatedUser): Promise<OrgSettings> {
      const organisation = await organisationOf(user);
      return { grafana_url: organisation.grafana_url, tau_url: organisation.tau_url };
    },

    /** Makes sure the user exists in Grafana and belongs to the organisation's Grafana org. */
    async linkGrafana(user: AuthenticatedUser): Promise<LinkOutcome> {
      const { grafana } = deps;
      if (!grafana) {
        return { status: 200, body: { linked: false, reason: GRAFANA_NOT_CONFIGURED } };
      }
      const organisation = await organisationOf(user);
      const org = await ensureOrg(grafana, organisation);
      const account = await ensureUser(grafana, user, org.id);
      const membership = await ensureMembership(grafana, account.user, user.email, org.id);
      const created = { organisation: org.created, user: account.created, membership };
      const anything = created.organisation || created.user || created.membership;
      return { status: anything ? 201 : 200, body: { linked: true, created } };
    },
  };
}
