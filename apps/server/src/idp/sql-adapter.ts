import type { Kysely } from 'kysely';
import type { Adapter, AdapterFactory, AdapterPayload } from 'oidc-provider';
import type { DB } from '../db/schema.js';

type Clock = () => number;

const iso = (milliseconds: number) => new Date(milliseconds).toISOString();

/**
 * The provider's storage: every model (Session, Interaction, Grant, AuthorizationCode,
 * RefreshToken...) in the one `idp_models` table, keyed by model and id, with the secondary
 * keys the provider looks rows up by. Expired rows are never returned and are swept by
 * `deleteExpiredIdpModels`.
 */
export class SqlAdapter implements Adapter {
  constructor(
    private readonly model: string,
    private readonly db: Kysely<DB>,
    private readonly now: Clock = Date.now,
  ) {}

  async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
    const row = {
      payload: JSON.stringify(payload),
      grant_id: payload.grantId ?? null,
      account_id: payload.accountId ?? null,
      uid: payload.uid ?? null,
      user_code: payload.userCode ?? null,
      expires_at: expiresIn ? iso(this.now() + expiresIn * 1000) : null,
    };
    await this.db
      .insertInto('idp_models')
      .values({ model: this.model, id, consumed_at: null, ...row })
      .onConflict((conflict) => conflict.columns(['model', 'id']).doUpdateSet(row))
      .execute();
  }

  private async findWhere(
    column: 'id' | 'uid' | 'user_code',
    value: string,
  ): Promise<AdapterPayload | undefined> {
    const row = await this.db
      .selectFrom('idp_models')
      .select(['payload', 'expires_at', 'consumed_at'])
      .where('model', '=', this.model)
      .where(column, '=', value)
      .executeTakeFirst();
    if (!row) return undefined;
    if (row.expires_at !== null && row.expires_at <= iso(this.now())) return undefined;
    const payload = JSON.parse(row.payload) as AdapterPayload;
    return row.consumed_at === null
      ? payload
      : { ...payload, consumed: Math.floor(Date.parse(row.consumed_at) / 1000) };
  }

  find(id: string) {
    return this.findWhere('id', id);
  }

  findByUid(uid: string) {
    return this.findWhere('uid', uid);
  }

  findByUserCode(userCode: string) {
    return this.findWhere('user_code', userCode);
  }

  async consume(id: string): Promise<void> {
    await this.db
      .updateTable('idp_models')
      .set({ consumed_at: iso(this.now()) })
      .where('model', '=', this.model)
      .where('id', '=', id)
      .execute();
  }

  async destroy(id: string): Promise<void> {
    await this.db
      .deleteFrom('idp_models')
      .where('model', '=', this.model)
      .where('id', '=', id)
      .execute();
  }

  /** Every model issued under the grant goes, not only this adapter's: that is what revoking means. */
  async revokeByGrantId(grantId: string): Promise<void> {
    await this.db.deleteFrom('idp_models').where('grant_id', '=', grantId).execute();
  }
}

export function sqlAdapterFactory(db: Kysely<DB>, now: Clock = Date.now): AdapterFactory {
  return (model) => new SqlAdapter(model, db, now);
}

/** Ends every session, grant and token of one account (after a password change, say). */
export async function revokeAccount(db: Kysely<DB>, accountId: string): Promise<void> {
  await db.deleteFrom('idp_models').where('account_id', '=', accountId).execute();
}

/** Whether a grant still stands: not revoked (deleted) and not expired. */
export async function grantIsAlive(
  db: Kysely<DB>,
  grantId: string,
  now: Clock = Date.now,
): Promise<boolean> {
  const row = await db
    .selectFrom('idp_models')
    .select('expires_at')
    .where('model', '=', 'Grant')
    .where('id', '=', grantId)
    .executeTakeFirst();
  return !!row && (row.expires_at === null || row.expires_at > iso(now()));
}

export async function deleteExpiredIdpModels(
  db: Kysely<DB>,
  now: Clock = Date.now,
): Promise<number> {
  const result = await db
    .deleteFrom('idp_models')
    .where('expires_at', '<=', iso(now()))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
