import {
  AGENT_EQUIPMENT_PATH,
  AGENT_EQUIPMENT_READINGS_PATH,
  AGENT_REGISTER_PATH,
  AGENT_SAMPLES_PATH,
  agentCommandResultPath,
  agentCommandResultResponseSchema,
  agentEquipmentJobsSchema,
  agentEquipmentReadingsResponseSchema,
  agentRegisterResponseSchema,
  agentSamplesResponseSchema,
  errorBodySchema,
  type AgentCommandResultBody,
  type AgentCommandResultResponse,
  type AgentEquipmentJobs,
  type AgentEquipmentReadingsBody,
  type AgentEquipmentReadingsResponse,
  type AgentRegisterBody,
  type AgentRegisterResponse,
  type AgentSamplesBody,
  type AgentSamplesResponse,
} from '@brezza/contract';
import type { z } from 'zod';
import { AGENT_VERSION } from './version.js';

/** The server could not be reached, or answered that it cannot serve now (5xx, 429). */
export class ApiUnavailable extends Error {
  override name = 'ApiUnavailable';
}

/** The server refused the call (4xx): retrying the same call cannot help. */
export class ApiRejected extends Error {
  override name = 'ApiRejected';
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export interface ApiClientOptions {
  apiUrl: string;
  appToken: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** Why a request never got an answer, in words (the cause's code: ECONNREFUSED, ENOTFOUND...). */
function describeFailure(error: unknown): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return 'no answer in time';
  }
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
}

/** The agent's calls, authenticated by the app token. */
export function createApiClient({
  apiUrl,
  appToken,
  timeoutMs = 15_000,
  fetch: fetchImpl = fetch,
}: ApiClientOptions) {
  const base = apiUrl.replace(/\/+$/, '');

  async function call<S extends z.ZodType>(
    method: 'GET' | 'POST',
    path: string,
    body: unknown,
    schema: S,
    signal?: AbortSignal,
  ): Promise<z.output<S>> {
    const timeout = AbortSignal.timeout(timeoutMs);
    let response: Response;
    try {
      response = await fetchImpl(`${base}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${appToken}`,
          ...(method === 'POST' && { 'content-type': 'application/json' }),
          'user-agent': `brezza-agent/${AGENT_VERSION}`,
        },
        ...(method === 'POST' && { body: JSON.stringify(body) }),
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
    } catch (error) {
      if (signal?.aborted) throw error;
      throw new ApiUnavailable(`cannot reach ${base}: ${describeFailure(error)}`);
    }
    const text = await response.text().catch(() => '');
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    if (response.status >= 500 || response.status === 429) {
      throw new ApiUnavailable(`${base} answered ${response.status}`);
    }
    if (!response.ok) {
      const parsed = errorBodySchema.safeParse(json);
      throw new ApiRejected(
        response.status,
        parsed.success ? parsed.data.error : `${base} answered ${response.status}`,
      );
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      throw new ApiUnavailable(`${base} answered something that is not a Brezza server's answer`);
    }
    return parsed.data;
  }

  return {
    register: (body: AgentRegisterBody, signal?: AbortSignal): Promise<AgentRegisterResponse> =>
      call('POST', AGENT_REGISTER_PATH, body, agentRegisterResponseSchema, signal),
    pushSamples: (body: AgentSamplesBody, signal?: AbortSignal): Promise<AgentSamplesResponse> =>
      call('POST', AGENT_SAMPLES_PATH, body, agentSamplesResponseSchema, signal),
    equipmentJobs: (signal?: AbortSignal): Promise<AgentEquipmentJobs> =>
      call('GET', AGENT_EQUIPMENT_PATH, undefined, agentEquipmentJobsSchema, signal),
    pushReadings: (
      body: AgentEquipmentReadingsBody,
      signal?: AbortSignal,
    ): Promise<AgentEquipmentReadingsResponse> =>
      call(
        'POST',
        AGENT_EQUIPMENT_READINGS_PATH,
        body,
        agentEquipmentReadingsResponseSchema,
        signal,
      ),
    commandResult: (
      commandId: number,
      body: AgentCommandResultBody,
      signal?: AbortSignal,
    ): Promise<AgentCommandResultResponse> =>
      call(
        'POST',
        agentCommandResultPath(commandId),
        body,
        agentCommandResultResponseSchema,
        signal,
      ),
  };
}
