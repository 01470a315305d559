import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENT_REGISTER_PATH, AGENT_SAMPLES_PATH, TOKENS_PATH } from '@brezza/contract';
import { PUSHES_PER_MINUTE } from '../src/modules/agent/routes.js';
import { buildTestApp, type TestApp } from './helpers/app.js';
import { createOperator } from './helpers/auth.js';
import { buildRegistration, buildSample } from './helpers/agent.js';

describe('agent push rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('counts pushes per app token, however the Authorization header is spelt', async () => {
    const operator = await createOperator(t);
    const created = await t.app.inject({
      method: 'POST',
      url: TOKENS_PATH,
      headers: operator.headers,
    });
    const { token } = created.json<{ token: string }>();
    const registration = buildRegistration();
    const registered = await t.app.inject({
      method: 'POST',
      url: AGENT_REGISTER_PATH,
      headers: { authorization: `Bearer ${token}` },
      payload: registration,
    });
    expect(registered.statusCode).toBe(200);

    const spellings = [
      `Bearer ${token}`,
      `bearer ${token}`,
      `BEARER  ${token}`,
      `Bearer ${token}  `,
      `bEaReR    ${token}`,
    ];
    const statuses: number[] = [];
    for (let index = 0; index <= PUSHES_PER_MINUTE; index += 1) {
      const response = await t.app.inject({
        method: 'POST',
        url: AGENT_SAMPLES_PATH,
        headers: { authorization: spellings[index % spellings.length]! },
        // Each push from another address too: the limit follows the identity, not the address.
        remoteAddress: `198.51.100.${(index % 200) + 1}`,
        payload: {
          machineId: registration.machineId,
          agentVersion: '0.1.0',
          samples: [buildSample()],
        },
      });
      statuses.push(response.statusCode);
    }
    const accepted = statuses.filter((status) => status < 300).length;
    console.log(`${statuses.length} pushes in 5 spellings: ${accepted} accepted`);
    expect(accepted).toBe(PUSHES_PER_MINUTE);
    expect(statuses.at(-1)).toBe(429);
  });
});
