import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SqlAdapter, deleteExpiredIdpModels, revokeAccount } from '../src/idp/sql-adapter.js';
import { buildTestApp, type TestApp } from './helpers/app.js';

describe('the provider storage adapter', () => {
  let t: TestApp;
  let now = Date.parse('2026-01-01T00:00:00Z');
  const clock = () => now;
  const adapter = (model: string) => new SqlAdapter(model, t.app.database.db, clock);

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('stores, finds, updates and destroys a model', async () => {
    const sessions = adapter('Session');
    await sessions.upsert('s1', { accountId: '7', uid: 'uid-1', kind: 'Session' }, 60);
    expect(await sessions.find('s1')).toEqual({ accountId: '7', uid: 'uid-1', kind: 'Session' });
    expect(await sessions.findByUid('uid-1')).toMatchObject({ accountId: '7' });
    expect(await adapter('Grant').find('s1')).toBeUndefined();

    await sessions.upsert('s1', { accountId: '7', uid: 'uid-2', kind: 'Session' }, 60);
    expect(await sessions.findByUid('uid-1')).toBeUndefined();
    expect(await sessions.findByUid('uid-2')).toMatchObject({ accountId: '7' });

    await sessions.destroy('s1');
    expect(await sessions.find('s1')).toBeUndefined();
  });

  it('finds device flows by user code', async () => {
    const codes = adapter('DeviceCode');
    await codes.upsert('d1', { userCode: 'ABCD-EFGH', grantId: 'g0' }, 60);
    expect(await codes.findByUserCode('ABCD-EFGH')).toMatchObject({ grantId: 'g0' });
    expect(await codes.findByUserCode('ZZZZ-ZZZZ')).toBeUndefined();
  });

  it('marks a model consumed, with the time it was consumed', async () => {
    const codes = adapter('AuthorizationCode');
    await codes.upsert('c1', { grantId: 'g1', accountId: '7' }, 60);
    expect((await codes.find('c1'))?.consumed).toBeUndefined();
    await codes.consume('c1');
    expect((await codes.find('c1'))?.consumed).toBe(Math.floor(now / 1000));
  });

  it('never returns an expired model, and sweeps expired rows', async () => {
    const tokens = adapter('AccessToken');
    await tokens.upsert('a1', { grantId: 'g2' }, 30);
    await tokens.upsert('a2', { grantId: 'g2' });
    now += 31_000;
    expect(await tokens.find('a1')).toBeUndefined();
    expect(await tokens.find('a2')).toMatchObject({ grantId: 'g2' });
    expect(await deleteExpiredIdpModels(t.app.database.db, clock)).toBeGreaterThanOrEqual(1);
    const rows = await t.app.database.db
      .selectFrom('idp_models')
      .select('id')
      .where('id', '=', 'a1')
      .execute();
    expect(rows).toEqual([]);
  });

  it('revokes everything issued under a grant, across models', async () => {
    await adapter('AccessToken').upsert('a3', { grantId: 'g3' }, 60);
    await adapter('RefreshToken').upsert('r3', { grantId: 'g3' }, 60);
    await adapter('RefreshToken').upsert('r4', { grantId: 'g4' }, 60);
    await adapter('RefreshToken').revokeByGrantId('g3');
    expect(await adapter('AccessToken').find('a3')).toBeUndefined();
    expect(await adapter('RefreshToken').find('r3')).toBeUndefined();
    expect(await adapter('RefreshToken').find('r4')).toMatchObject({ grantId: 'g4' });
  });

  it('revokes every session, grant and token of one account', async () => {
    await adapter('Session').upsert('s5', { accountId: '9' }, 60);
    await adapter('Grant').upsert('g5', { accountId: '9' }, 60);
    await adapter('RefreshToken').upsert('r5', { accountId: '9', grantId: 'g5' }, 60);
    await adapter('RefreshToken').upsert('r6', { accountId: '10', grantId: 'g6' }, 60);
    await revokeAccount(t.app.database.db, '9');
    expect(await adapter('Session').find('s5')).toBeUndefined();
    expect(await adapter('Grant').find('g5')).toBeUndefined();
    expect(await adapter('RefreshToken').find('r5')).toBeUndefined();
    expect(await adapter('RefreshToken').find('r6')).toMatchObject({ accountId: '10' });
  });
});
