import { badRequest, conflict, notFound } from '../../errors.js';
import type { OrganisationRow, OrganisationsRepository } from './repository.js';

/** Pure: an absolute http(s) URL, or a 400 naming the setting. */
export function organisationUrl(value: string, setting: string): string {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw badRequest(`${setting} must be an absolute http:// or https:// URL (got "${value}").`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw badRequest(`${setting} must be an absolute http:// or https:// URL (got "${value}").`);
  }
  return url.href;
}

export function organisationName(value: string): string {
  const name = value.trim();
  if (!name) throw badRequest('The organisation name must not be empty.');
  if (name.length > 255) throw badRequest('The organisation name must be at most 255 characters.');
  return name;
}

/** An empty value clears an optional URL. */
const optionalUrl = (value: string | undefined, setting: string) =>
  value === undefined ? undefined : value.trim() === '' ? null : organisationUrl(value, setting);

export type OrganisationsService = ReturnType<typeof createOrganisationsService>;

/** Organisations as staff manage them: unique names (so they can be named on the command line). */
export function createOrganisationsService(repository: OrganisationsRepository) {
  async function assertNameFree(name: string, exceptId?: number) {
    const taken = (await repository.findByName(name)).find((row) => row.id !== exceptId);
    if (taken)
      throw conflict(`An organisation named "${taken.name}" already exists (id ${taken.id}).`);
  }

  return {
    async create(input: { name: string; grafanaUrl?: string; tauUrl?: string }) {
      const name = organisationName(input.name);
      const grafanaUrl = optionalUrl(input.grafanaUrl, 'grafana_url');
      const tauUrl = optionalUrl(input.tauUrl, 'tau_url');
      await assertNameFree(name);
      return repository.create({ name, grafanaUrl, tauUrl });
    },

    async update(id: number, input: { name?: string; grafanaUrl?: string; tauUrl?: string }) {
      const existing = await repository.findById(id);
      if (!existing) throw notFound(`No organisation with id ${id}.`);
      const name = input.name === undefined ? undefined : organisationName(input.name);
      const grafanaUrl = optionalUrl(input.grafanaUrl, 'grafana_url');
      const tauUrl = optionalUrl(input.tauUrl, 'tau_url');
      if (name !== undefined) await assertNameFree(name, id);
      return (await repository.update(id, { name, grafanaUrl, tauUrl }))!;
    },

    /** By id ("12") or by name, case-insensitively. */
    async resolve(reference: string): Promise<OrganisationRow> {
      const value = reference.trim();
      if (/^\d+$/.test(value)) {
        const byId = await repository.findById(Number(value));
        if (byId) return byId;
      }
      const byName = await repository.findByName(value);
      if (byName.length === 1) return byName[0]!;
      if (byName.length > 1) {
        throw conflict(
          `More than one organisation is named "${value}" (ids ${byName.map((row) => row.id).join(', ')}); use the id.`,
        );
      }
      throw notFound(`No organisation with id or name "${value}". See list-organisations.`);
    },

    list: () => repository.list(),
  };
}
