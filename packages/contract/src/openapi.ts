import { z } from 'zod';
import { errorBodySchema } from './errors.js';
import {
  ACCESS_REQUESTS_PATH,
  PASSWORD_RESETS_PATH,
  acceptedBodySchema,
  accessRequestBodySchema,
  passwordResetBodySchema,
} from './identity.js';
import {
  DATACENTERS_PATH,
  ID_MAX,
  RACKS_PATH,
  REFRESH_METRICS_PATH,
  ROOMS_PATH,
  SERVERS_PATH,
  datacenterBodySchema,
  datacenterSchema,
  datacentersListSchema,
  rackBodySchema,
  rackSchema,
  racksListSchema,
  roomBodySchema,
  roomSchema,
  roomsListSchema,
  serverSchema,
  serverUpdateBodyShapesSchema,
  serversListSchema,
} from './devices.js';
import {
  AGENT_REGISTER_PATH,
  AGENT_SAMPLES_PATH,
  METRICS_PREFIX,
  TOKENS_PATH,
  agentRegisterBodySchema,
  agentRegisterResponseSchema,
  agentSampleSchema,
  agentSamplesBodySchema,
  agentSamplesResponseSchema,
  createTokenResponseSchema,
  refreshMetricsResponseSchema,
  serviceDiscoverySchema,
  targetGroupSchema,
} from './onboarding.js';
import {
  METRICS_NAMES_PATH,
  METRICS_QUERY_PATH,
  METRICS_STREAM_PATH,
  SCOPE_NOT_FOUND,
  metricNamesResponseSchema,
  metricsQueryBodySchema,
  metricsQueryResponseSchema,
  metricsStreamSamplesSchema,
} from './telemetry.js';
import {
  ORGANISATION_PATH,
  SERVER_PRESENCE_PATH,
  organisationSummarySchema,
  serverPresenceSchema,
} from './observability.js';
import {
  LINK_GRAFANA_PATH,
  ORG_SETTINGS_PATH,
  linkGrafanaResultSchema,
  orgSettingsSchema,
} from './organisation.js';
import {
  CREATE_CHECKOUT_SESSION_PATH,
  GET_FEATURES_PATH,
  STRIPE_WEBHOOK_PATH,
  checkoutSessionResponseSchema,
  createCheckoutSessionBodySchema,
  featuresResponseSchema,
  getFeaturesBodySchema,
  webhookReceivedSchema,
} from './plans.js';

/**
 * The OpenAPI 3.1 document for outside clients (DESIGN §3), built from the contract's own paths
 * and zod schemas so that it cannot say something the server does not do. A server test checks
 * that its paths and methods are exactly the routes the server registers.
 */

/** Served by the server at this public path. */
export const OPENAPI_PATH = '/openapi.json';
/** The API's version: it changes when a call changes in a way an existing client would notice. */
export const API_VERSION = '1.0.0';

export interface OpenApiOptions {
  /** The origin clients reach the product at (the server's PUBLIC_URL). */
  serverUrl: string;
  productName: string;
}

export type JsonSchema = { [keyword: string]: unknown };
export type HttpMethod = 'get' | 'post' | 'put' | 'delete';

export interface OpenApiOperation {
  operationId: string;
  summary: string;
  tags: string[];
  security: Record<string, string[]>[];
  parameters?: JsonSchema[];
  requestBody?: JsonSchema;
  responses: Record<string, JsonSchema>;
}

export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description: string };
  servers: { url: string }[];
  tags: { name: string; description: string }[];
  paths: Record<string, Partial<Record<HttpMethod, OpenApiOperation>>>;
  components: {
    schemas: Record<string, JsonSchema>;
    securitySchemes: Record<string, JsonSchema>;
  };
}

// ---------------------------------------------------------------------------------------------
// The contract's schemas, by the component name the document gives them. Request bodies are
// converted as the server accepts them (zod's input side), answers as the server sends them.

const REQUEST_SCHEMAS = {
  DatacenterBody: datacenterBodySchema,
  RoomBody: roomBodySchema,
  RackBody: rackBodySchema,
  ServerUpdateBody: serverUpdateBodyShapesSchema,
  GetFeaturesBody: getFeaturesBodySchema,
  CreateCheckoutSessionBody: createCheckoutSessionBodySchema,
  AccessRequestBody: accessRequestBodySchema,
  PasswordResetBody: passwordResetBodySchema,
  AgentRegisterBody: agentRegisterBodySchema,
  AgentSample: agentSampleSchema,
  AgentSamplesBody: agentSamplesBodySchema,
  MetricsQueryBody: metricsQueryBodySchema,
} satisfies Record<string, z.ZodType>;

const RESPONSE_SCHEMAS = {
  Error: errorBodySchema,
  Server: serverSchema,
  Datacenter: datacenterSchema,
  Room: roomSchema,
  Rack: rackSchema,
  ServersList: serversListSchema,
  DatacentersList: datacentersListSchema,
  RoomsList: roomsListSchema,
  RacksList: racksListSchema,
  OrgSettings: orgSettingsSchema,
  LinkGrafanaResult: linkGrafanaResultSchema,
  Features: featuresResponseSchema,
  CheckoutSession: checkoutSessionResponseSchema,
  CreatedToken: createTokenResponseSchema,
  RefreshMetricsResult: refreshMetricsResponseSchema,
  Accepted: acceptedBodySchema,
  AgentRegistered: agentRegisterResponseSchema,
  SamplesAccepted: agentSamplesResponseSchema,
  WebhookReceived: webhookReceivedSchema,
  TargetGroup: targetGroupSchema,
  ServiceDiscovery: serviceDiscoverySchema,
  MetricNames: metricNamesResponseSchema,
  MetricsQueryResult: metricsQueryResponseSchema,
  OrganisationSummary: organisationSummarySchema,
  ServerPresence: serverPresenceSchema,
  MetricsStreamSamples: metricsStreamSamplesSchema,
} satisfies Record<string, z.ZodType>;

type RequestName = keyof typeof REQUEST_SCHEMAS;
type ResponseName = keyof typeof RESPONSE_SCHEMAS;

const COMPONENT_PREFIX = '#/components/schemas/';
const ref = (name: RequestName | ResponseName) => ({ $ref: `${COMPONENT_PREFIX}${name}` });

/** One component per named schema; a named schema used inside another becomes a `$ref`. */
function componentSchemas(
  schemas: Record<string, z.ZodType>,
  io: 'input' | 'output',
): Record<string, JsonSchema> {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries(schemas)) registry.add(schema, { id });
  const converted = z.toJSONSchema(registry, { io, uri: (id) => `${COMPONENT_PREFIX}${id}` });
  return Object.fromEntries(
    Object.entries(converted.schemas).map(([id, schema]) => {
      // Inside an OpenAPI document the dialect is the document's and the component's address
      // is its place in it: a schema of its own must not repeat either.
      const { $schema: _dialect, $id: _address, ...rest } = schema as JsonSchema;
      return [id, rest];
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// Credentials.

type Credential = 'operator' | 'appToken' | 'scrapeToken' | 'stripeSignature' | 'public';

const SECURITY_SCHEMES: Record<Exclude<Credential, 'public'>, JsonSchema> = {
  operator: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description:
      "An RS256 access token from the product's identity provider for the API audience. A token whose user is unknown or disabled is answered 403.",
  },
  appToken: {
    type: 'http',
    scheme: 'bearer',
    description:
      'An app token made on the Devices page (`POST /api/tokens`). The first registration binds it to that machine.',
  },
  scrapeToken: {
    type: 'http',
    scheme: 'bearer',
    description:
      "A scrape token of the organisation named in the path, made by the provider's staff.",
  },
  stripeSignature: {
    type: 'apiKey',
    in: 'header',
    name: 'Stripe-Signature',
    description:
      "Stripe's signature of the exact request bytes, made with the webhook's signing secret.",
  },
};

/** The failures each credential adds to every call that needs it. */
const CREDENTIAL_ERRORS: Record<Credential, Partial<Record<number, string>>> = {
  operator: {
    401: 'No access token, or one that is invalid or expired.',
    403: 'The access token is valid but its user is unknown to this product or disabled.',
  },
  appToken: {
    401: 'No app token, or one that is unknown, revoked or expired (unused tokens last 24 hours).',
    429: 'Too many calls from this agent; the message says when to try again.',
  },
  scrapeToken: { 401: 'No scrape token, or not a live scrape token of this organisation.' },
  stripeSignature: { 400: 'The Stripe-Signature header is missing or does not match the body.' },
  public: { 429: 'Too many calls from this address; the message says when to try again.' },
};

const JSON_BODY_ERRORS: Partial<Record<number, string>> = {
  400: 'Invalid input: the message names what is wrong.',
  413: 'The request body is too large.',
  415: 'Unsupported content type: send application/json.',
};

const SERVER_ERROR = 'Something went wrong on the server; the answer holds no internals.';

// ---------------------------------------------------------------------------------------------
// The calls.

interface Success {
  status: number;
  description: string;
  /** A JSON body of this schema, the Prometheus text exposition, server-sent events, or none. */
  body?: ResponseName | 'exposition' | 'eventStream';
}

interface OperationSpec {
  method: HttpMethod;
  path: string;
  operationId: string;
  summary: string;
  tag: string;
  credential: Credential;
  body?: { schema: RequestName; required: boolean } | 'stripeEvent';
  success: Success[];
  /** Failures of this call beyond those of its credential and body. */
  errors?: Partial<Record<number, string>>;
}

const NOT_MODIFIED: Success = {
  status: 304,
  description: "The list has not changed since the ETag sent in If-None-Match (it is the ETag's).",
};

const unknownId = (entity: string) => `No ${entity} with this id in the caller's organisation.`;
const parentMissing = (child: string, parent: string) =>
  `The ${parent} the ${child} is put in is not in the caller's organisation.`;
const unknownIdOrParent = (entity: string, parent: string | null) =>
  parent
    ? `No ${entity} with this id, or no such ${parent}, in the caller's organisation.`
    : unknownId(entity);
const withId = (path: string) => `${path}/{id}`;

const ORGANISATION_METRICS = `${METRICS_PREFIX}/organisations/{organisationId}`;

const hierarchyOperations = (): OperationSpec[] => {
  const lists: [string, string, ResponseName][] = [
    [SERVERS_PATH, 'listServers', 'ServersList'],
    [DATACENTERS_PATH, 'listDatacenters', 'DatacentersList'],
    [ROOMS_PATH, 'listRooms', 'RoomsList'],
    [RACKS_PATH, 'listRacks', 'RacksList'],
  ];
  const listed: OperationSpec[] = lists.map(([path, operationId, body]) => ({
    method: 'get',
    path,
    operationId,
    summary: `The caller's organisation's ${path.split('/').pop()}.`,
    tag: 'Devices',
    credential: 'operator',
    success: [{ status: 200, description: 'The whole list, with an ETag.', body }, NOT_MODIFIED],
  }));

  const containers: [string, string, RequestName, ResponseName, string | null][] = [
    [DATACENTERS_PATH, 'Datacenter', 'DatacenterBody', 'Datacenter', null],
    [ROOMS_PATH, 'Room', 'RoomBody', 'Room', 'datacenter'],
    [RACKS_PATH, 'Rack', 'RackBody', 'Rack', 'room'],
  ];
  const written = containers.flatMap(([path, name, schema, body, parent]): OperationSpec[] => {
    const entity = name.toLowerCase();
    const missingParent = parent ? parentMissing(entity, parent) : null;
    const common = { tag: 'Devices', credential: 'operator' as const };
    return [
      {
        ...common,
        method: 'post',
        path,
        operationId: `create${name}`,
        summary: `Creates a ${entity}.`,
        body: { schema, required: true },
        success: [{ status: 201, description: `The new ${entity}.`, body }],
        errors: missingParent ? { 404: missingParent } : {},
      },
      {
        ...common,
        method: 'put',
        path: withId(path),
        operationId: `update${name}`,
        summary: `Renames a ${entity}${parent ? ` or moves it to another ${parent}` : ''}.`,
        body: { schema, required: true },
        success: [{ status: 200, description: `The ${entity} as it is now.`, body }],
        errors: { 404: unknownIdOrParent(entity, parent) },
      },
      {
        ...common,
        method: 'delete',
        path: withId(path),
        operationId: `delete${name}`,
        summary: `Deletes a ${entity}; what was in it becomes unassigned, never deleted.`,
        success: [{ status: 204, description: 'Deleted.' }],
        errors: { 404: unknownId(entity) },
      },
    ];
  });

  const serverUpdate: OperationSpec = {
    method: 'put',
    path: withId(SERVERS_PATH),
    operationId: 'updateServer',
    summary: 'Moves a server to a rack (`rackId` only), or renames it and sets its rack.',
    tag: 'Devices',
    credential: 'operator',
    body: { schema: 'ServerUpdateBody', required: true },
    success: [{ status: 200, description: 'The server as it is now.', body: 'Server' }],
    errors: { 404: "No such server, or the rack is not in the caller's organisation." },
  };
  return [...listed, ...written, serverUpdate];
};

/** Built on call, so that importing the module does no work (the package has no side effects). */
const telemetryOperations = (): OperationSpec[] => [
  {
    method: 'get',
    path: METRICS_NAMES_PATH,
    operationId: 'listMetricNames',
    summary: 'The metrics the organisation has samples of, with units and help.',
    tag: 'Telemetry',
    credential: 'operator',
    success: [{ status: 200, description: 'The metric names.', body: 'MetricNames' }],
  },
  {
    method: 'get',
    path: ORGANISATION_PATH,
    operationId: 'getOrganisation',
    summary: "The caller's organisation: its name, and whether it is the demo (simulated data).",
    tag: 'Telemetry',
    credential: 'operator',
    success: [{ status: 200, description: 'The organisation.', body: 'OrganisationSummary' }],
  },
  {
    method: 'get',
    path: SERVER_PRESENCE_PATH,
    operationId: 'getServerPresence',
    summary: 'When each server of the organisation last sent a sample (online status).',
    tag: 'Telemetry',
    credential: 'operator',
    success: [{ status: 200, description: 'Last-seen times.', body: 'ServerPresence' }],
  },
  {
    method: 'post',
    path: METRICS_QUERY_PATH,
    operationId: 'queryMetrics',
    summary:
      'A metric over a time range, per step, aggregated over a scope (organisation, datacenter, room, rack or server) and optionally grouped.',
    tag: 'Telemetry',
    credential: 'operator',
    body: { schema: 'MetricsQueryBody', required: true },
    success: [{ status: 200, description: 'One series per group.', body: 'MetricsQueryResult' }],
    errors: { 404: SCOPE_NOT_FOUND },
  },
  {
    method: 'get',
    path: METRICS_STREAM_PATH,
    operationId: 'streamMetrics',
    summary:
      'Server-sent events of new samples (query devices=1,2 and metrics=a,b, both optional). Read it with fetch(): EventSource cannot send the bearer token.',
    tag: 'Telemetry',
    credential: 'operator',
    success: [{ status: 200, description: 'The event stream.', body: 'eventStream' }],
    errors: { 400: 'devices or metrics is not a list separated by commas.' },
  },
];

const operations = (): OperationSpec[] => [
  ...hierarchyOperations(),
  ...telemetryOperations(),
  {
    method: 'get',
    path: ORG_SETTINGS_PATH,
    operationId: 'getOrgSettings',
    summary: "The organisation's observability and AI toolkit URLs (null when it has none).",
    tag: 'Organisation',
    credential: 'operator',
    success: [{ status: 200, description: 'The settings.', body: 'OrgSettings' }],
    errors: { 404: "The caller's organisation no longer exists." },
  },
  {
    method: 'post',
    path: LINK_GRAFANA_PATH,
    operationId: 'linkGrafana',
    summary: "Gives the caller an account in the organisation's Grafana organisation.",
    tag: 'Organisation',
    credential: 'operator',
    success: [
      {
        status: 200,
        description: 'Already linked, or Grafana is not configured.',
        body: 'LinkGrafanaResult',
      },
      {
        status: 201,
        description: 'The user, organisation or membership was created.',
        body: 'LinkGrafanaResult',
      },
    ],
    errors: {
      404: "The caller's organisation no longer exists.",
      502: 'Grafana did not answer as expected.',
    },
  },
  {
    method: 'post',
    path: GET_FEATURES_PATH,
    operationId: 'getFeatures',
    summary: "The features the organisation's subscription grants; each label names its tier.",
    tag: 'Plans',
    credential: 'operator',
    body: { schema: 'GetFeaturesBody', required: false },
    success: [
      { status: 200, description: 'The features, empty without a plan.', body: 'Features' },
    ],
    errors: { 404: "The caller's organisation no longer exists." },
  },
  {
    method: 'post',
    path: CREATE_CHECKOUT_SESSION_PATH,
    operationId: 'createCheckoutSession',
    summary: 'Starts a checkout for a plan; the browser goes to the answered URL to pay.',
    tag: 'Plans',
    credential: 'operator',
    body: { schema: 'CreateCheckoutSessionBody', required: true },
    success: [{ status: 200, description: 'Where to pay.', body: 'CheckoutSession' }],
    errors: {
      404: "The caller's organisation no longer exists.",
      409: 'The organisation already holds this plan.',
    },
  },
  {
    method: 'post',
    path: TOKENS_PATH,
    operationId: 'createAppToken',
    summary: 'Makes an app token for the installer; it is shown once.',
    tag: 'Onboarding',
    credential: 'operator',
    success: [{ status: 201, description: 'The new token.', body: 'CreatedToken' }],
  },
  {
    method: 'post',
    path: REFRESH_METRICS_PATH,
    operationId: 'refreshPrometheus',
    summary: 'Rebuilds the metrics labels and service discovery after hierarchy changes.',
    tag: 'Onboarding',
    credential: 'operator',
    success: [{ status: 200, description: 'Rebuilt.', body: 'RefreshMetricsResult' }],
  },
  {
    method: 'post',
    path: ACCESS_REQUESTS_PATH,
    operationId: 'requestAccess',
    summary: 'Asks for an account; staff review it. The answer is the same for every e-mail.',
    tag: 'Identity',
    credential: 'public',
    body: { schema: 'AccessRequestBody', required: true },
    success: [{ status: 202, description: 'Received.', body: 'Accepted' }],
  },
  {
    method: 'post',
    path: PASSWORD_RESETS_PATH,
    operationId: 'requestPasswordReset',
    summary:
      'Mails a password link if the account exists. The answer is the same for every e-mail.',
    tag: 'Identity',
    credential: 'public',
    body: { schema: 'PasswordResetBody', required: true },
    success: [{ status: 202, description: 'Received.', body: 'Accepted' }],
  },
  {
    method: 'post',
    path: AGENT_REGISTER_PATH,
    operationId: 'registerAgent',
    summary: 'Registers (or re-registers) the machine the agent runs on.',
    tag: 'Agent',
    credential: 'appToken',
    body: { schema: 'AgentRegisterBody', required: true },
    success: [{ status: 200, description: 'The server it is.', body: 'AgentRegistered' }],
    errors: { 409: 'The app token is bound to another machine.' },
  },
  {
    method: 'post',
    path: AGENT_SAMPLES_PATH,
    operationId: 'pushSamples',
    summary: 'Pushes readings of the machine the app token registered.',
    tag: 'Agent',
    credential: 'appToken',
    body: { schema: 'AgentSamplesBody', required: true },
    success: [{ status: 200, description: 'Stored.', body: 'SamplesAccepted' }],
    errors: {
      401: 'No app token, or one that is unknown, revoked or has not registered a server yet.',
      409: 'The app token is bound to another machine.',
    },
  },
  {
    method: 'post',
    path: STRIPE_WEBHOOK_PATH,
    operationId: 'stripeWebhook',
    summary: "Stripe's events; subscriptions change only through them.",
    tag: 'Billing',
    credential: 'stripeSignature',
    body: 'stripeEvent',
    success: [
      {
        status: 200,
        description: 'Verified and applied (a repeated event is applied once).',
        body: 'WebhookReceived',
      },
    ],
    errors: {
      413: 'The request body is too large.',
      500: 'The event was verified but not applied; Stripe delivers it again.',
    },
  },
  {
    method: 'get',
    path: ORGANISATION_METRICS,
    operationId: 'organisationMetrics',
    summary: 'Prometheus exposition of every server of the organisation.',
    tag: 'Metrics',
    credential: 'scrapeToken',
    success: [{ status: 200, description: 'The exposition.', body: 'exposition' }],
  },
  {
    method: 'get',
    path: `${ORGANISATION_METRICS}/servers/{serverId}`,
    operationId: 'serverMetrics',
    summary: 'Prometheus exposition of one server (the targets service discovery lists).',
    tag: 'Metrics',
    credential: 'scrapeToken',
    success: [{ status: 200, description: 'The exposition.', body: 'exposition' }],
    errors: { 404: 'No recent readings of this server in the organisation.' },
  },
  {
    method: 'get',
    path: `${ORGANISATION_METRICS}/targets`,
    operationId: 'serviceDiscovery',
    summary: 'Prometheus HTTP service discovery: one target per server, with hierarchy labels.',
    tag: 'Metrics',
    credential: 'scrapeToken',
    success: [{ status: 200, description: 'The target groups.', body: 'ServiceDiscovery' }],
  },
];

const TAGS = [
  { name: 'Devices', description: 'Datacenters, rooms, racks and servers (operator API).' },
  { name: 'Organisation', description: "The operator's organisation (operator API)." },
  { name: 'Plans', description: 'Plans and checkout (operator API).' },
  { name: 'Onboarding', description: 'App tokens and metrics labels (operator API).' },
  { name: 'Identity', description: 'Calls made before signing in.' },
  { name: 'Agent', description: 'Calls of the telemetry agent installed on each server.' },
  { name: 'Billing', description: "Stripe's webhook." },
  { name: 'Metrics', description: 'Prometheus scraping and service discovery.' },
  { name: 'Telemetry', description: 'Stored samples: names, range queries and live updates.' },
];

// ---------------------------------------------------------------------------------------------
// From the calls to the document.

const EXPOSITION_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

function successResponse(success: Success): JsonSchema {
  if (success.body === undefined) return { description: success.description };
  const content =
    success.body === 'exposition'
      ? { [EXPOSITION_TYPE]: { schema: { type: 'string' } } }
      : success.body === 'eventStream'
        ? {
            'text/event-stream': {
              schema: {
                type: 'string',
                description:
                  'Frames `event: ready` (data `{"at": epochMs}`), then `event: samples` with data a MetricsStreamSamples, and `: keep-alive` comments.',
              },
            },
          }
        : { 'application/json': { schema: ref(success.body) } };
  return { description: success.description, content };
}

const errorResponse = (description: string): JsonSchema => ({
  description,
  content: { 'application/json': { schema: ref('Error') } },
});

const pathParameters = (path: string): JsonSchema[] =>
  [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
    name,
    in: 'path',
    required: true,
    description: 'A positive whole number.',
    schema: { type: 'integer', minimum: 1, maximum: ID_MAX },
  }));

function requestBody(body: NonNullable<OperationSpec['body']>): JsonSchema {
  if (body === 'stripeEvent') {
    return {
      required: true,
      content: {
        'application/json': {
          schema: {
            type: 'object',
            description: 'A Stripe event object; the signature covers its exact bytes.',
          },
        },
      },
    };
  }
  return { required: body.required, content: { 'application/json': { schema: ref(body.schema) } } };
}

function operation(spec: OperationSpec): OpenApiOperation {
  const bodyErrors = spec.body && spec.body !== 'stripeEvent' ? JSON_BODY_ERRORS : {};
  const errors: Partial<Record<number, string>> = {
    ...CREDENTIAL_ERRORS[spec.credential],
    ...bodyErrors,
    500: SERVER_ERROR,
    ...spec.errors,
  };
  const responses: Record<string, JsonSchema> = {};
  for (const success of spec.success) responses[success.status] = successResponse(success);
  for (const [status, description] of Object.entries(errors).sort()) {
    if (description) responses[status] = errorResponse(description);
  }
  const parameters = pathParameters(spec.path);
  return {
    operationId: spec.operationId,
    summary: spec.summary,
    tags: [spec.tag],
    security: spec.credential === 'public' ? [] : [{ [spec.credential]: [] }],
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(spec.body ? { requestBody: requestBody(spec.body) } : {}),
    responses,
  };
}

export function buildOpenApiDocument({ serverUrl, productName }: OpenApiOptions): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  for (const spec of operations()) {
    paths[spec.path] = { ...paths[spec.path], [spec.method]: operation(spec) };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: `${productName} API`,
      version: API_VERSION,
      description: `The ${productName} API: the operator calls under /api (an access token from the sign-in), the calls made before signing in, the telemetry agent's calls (an app token), Stripe's webhook and the Prometheus endpoints (a scrape token). Every failure answers { "error": "<message a person can read>" }.`,
    },
    servers: [{ url: serverUrl }],
    tags: TAGS,
    paths,
    components: {
      schemas: {
        ...componentSchemas(REQUEST_SCHEMAS, 'input'),
        ...componentSchemas(RESPONSE_SCHEMAS, 'output'),
      },
      securitySchemes: SECURITY_SCHEMES,
    },
  };
}
