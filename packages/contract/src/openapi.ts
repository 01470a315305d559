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
import {
  ME_PATH,
  USERS_PATH,
  meSchema,
  organisationUserSchema,
  setRoleBodySchema,
  usersListSchema,
} from './roles.js';
import { AUDIT_LOG_PATH, auditLogSchema } from './audit-log.js';
import {
  ALERTS_PATH,
  ALERT_RULES_EXPORT_PATH,
  ALERT_RULES_PATH,
  NOTIFICATION_CHANNELS_PATH,
  NOTIFICATION_DELIVERIES_PATH,
  SILENCES_PATH,
  alertRuleBodySchema,
  alertRuleSchema,
  alertRulesListSchema,
  alertSchema,
  alertsListSchema,
  createdNotificationChannelSchema,
  notificationChannelBodySchema,
  notificationChannelsListSchema,
  notificationDeliveriesListSchema,
  silenceBodySchema,
  silenceSchema,
  silencesListSchema,
} from './alerts.js';
import {
  EQUIPMENT_PATH,
  commandBodyShapesSchema,
  commandSchema,
  commandsListSchema,
  createEquipmentBodySchema,
  equipmentDetailSchema,
  equipmentListSchema,
  equipmentSummarySchema,
} from './equipment.js';
import {
  AGENT_EQUIPMENT_PATH,
  AGENT_EQUIPMENT_READINGS_PATH,
  agentCommandResultBodySchema,
  agentCommandResultResponseSchema,
  agentEquipmentJobsSchema,
  agentEquipmentReadingsBodySchema,
  agentEquipmentReadingsResponseSchema,
} from './equipment-agent.js';

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
  SetRoleBody: setRoleBodySchema,
  CreateEquipmentBody: createEquipmentBodySchema,
  CommandBody: commandBodyShapesSchema,
  AgentEquipmentReadingsBody: agentEquipmentReadingsBodySchema,
  AgentCommandResultBody: agentCommandResultBodySchema,
  AlertRuleBody: alertRuleBodySchema,
  SilenceBody: silenceBodySchema,
  NotificationChannelBody: notificationChannelBodySchema,
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
  Me: meSchema,
  UsersList: usersListSchema,
  OrganisationUser: organisationUserSchema,
  AuditLog: auditLogSchema,
  EquipmentList: equipmentListSchema,
  EquipmentSummary: equipmentSummarySchema,
  EquipmentDetail: equipmentDetailSchema,
  Command: commandSchema,
  CommandsList: commandsListSchema,
  AgentEquipmentJobs: agentEquipmentJobsSchema,
  AgentEquipmentReadingsAccepted: agentEquipmentReadingsResponseSchema,
  AgentCommandResult: agentCommandResultResponseSchema,
  AlertRule: alertRuleSchema,
  AlertRulesList: alertRulesListSchema,
  Alert: alertSchema,
  AlertsList: alertsListSchema,
  Silence: silenceSchema,
  SilencesList: silencesListSchema,
  NotificationChannelsList: notificationChannelsListSchema,
  CreatedNotificationChannel: createdNotificationChannelSchema,
  NotificationDeliveriesList: notificationDeliveriesListSchema,
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
    403: "The access token is valid but its user is unknown to this product or disabled, or the user's role does not allow this call (the message names the role needed).",
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
  /** A JSON body of this schema, the Prometheus text exposition, or no body. */
  body?: ResponseName | 'exposition';
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
const operations = (): OperationSpec[] => [
  ...hierarchyOperations(),
  ...accessOperations(),
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

const EQUIPMENT_MISSING = "No pCDU or PDU with this id in the caller's organisation.";

const accessOperations = (): OperationSpec[] => [
  {
    method: 'get',
    path: ME_PATH,
    operationId: 'getMe',
    summary: 'The signed-in user and their role (viewer, operator or admin).',
    tag: 'Access',
    credential: 'operator',
    success: [{ status: 200, description: 'The user.', body: 'Me' }],
  },
  {
    method: 'get',
    path: USERS_PATH,
    operationId: 'listUsers',
    summary: "The organisation's users and their roles (admins only).",
    tag: 'Access',
    credential: 'operator',
    success: [{ status: 200, description: 'The users.', body: 'UsersList' }],
  },
  {
    method: 'put',
    path: `${USERS_PATH}/{id}/role`,
    operationId: 'setUserRole',
    summary: "Sets a user's role (admins only); recorded in the audit log.",
    tag: 'Access',
    credential: 'operator',
    body: { schema: 'SetRoleBody', required: true },
    success: [{ status: 200, description: 'The user as it is now.', body: 'OrganisationUser' }],
    errors: {
      404: "No user with this id in the caller's organisation.",
      409: 'The organisation would have no admin left.',
    },
  },
  {
    method: 'get',
    path: AUDIT_LOG_PATH,
    operationId: 'getAuditLog',
    summary:
      'Hierarchy changes and equipment commands, newest first. Query: entity, action, entityId, userId, from, to (ISO times), limit (1–500), format=csv for a CSV download.',
    tag: 'Access',
    credential: 'operator',
    success: [{ status: 200, description: 'The entries (or CSV text).', body: 'AuditLog' }],
  },
  {
    method: 'get',
    path: EQUIPMENT_PATH,
    operationId: 'listEquipment',
    summary: "The organisation's pCDUs and PDUs with placement, gateway and last reading time.",
    tag: 'Equipment',
    credential: 'operator',
    success: [{ status: 200, description: 'The equipment.', body: 'EquipmentList' }],
  },
  {
    method: 'post',
    path: EQUIPMENT_PATH,
    operationId: 'createEquipment',
    summary: 'Adds a pCDU or PDU, polled by the agent of the gateway server (operators).',
    tag: 'Equipment',
    credential: 'operator',
    body: { schema: 'CreateEquipmentBody', required: true },
    success: [{ status: 201, description: 'The new unit.', body: 'EquipmentSummary' }],
    errors: { 404: "The rack or room is not in the caller's organisation." },
  },
  {
    method: 'get',
    path: `${EQUIPMENT_PATH}/{id}`,
    operationId: 'getEquipment',
    summary: 'A unit with the latest value of every sensor, its unit, time and status colour.',
    tag: 'Equipment',
    credential: 'operator',
    success: [{ status: 200, description: 'The unit.', body: 'EquipmentDetail' }],
    errors: { 404: EQUIPMENT_MISSING },
  },
  {
    method: 'get',
    path: `${EQUIPMENT_PATH}/{id}/commands`,
    operationId: 'listEquipmentCommands',
    summary: "The unit's last 100 commands, newest first.",
    tag: 'Equipment',
    credential: 'operator',
    success: [{ status: 200, description: 'The commands.', body: 'CommandsList' }],
    errors: { 404: EQUIPMENT_MISSING },
  },
  {
    method: 'post',
    path: `${EQUIPMENT_PATH}/{id}/commands`,
    operationId: 'sendEquipmentCommand',
    summary:
      'Queues a setpoint or network change to the gateway agent (operators). It is pending until the unit applies it or it fails (refused, read-back differs, or no answer within 30 s).',
    tag: 'Equipment',
    credential: 'operator',
    body: { schema: 'CommandBody', required: true },
    success: [{ status: 202, description: 'The pending command.', body: 'Command' }],
    errors: {
      404: EQUIPMENT_MISSING,
      409: 'Another change to this unit is pending, or it has no gateway.',
    },
  },
  {
    method: 'get',
    path: AGENT_EQUIPMENT_PATH,
    operationId: 'agentEquipmentJobs',
    summary: "The gateway's equipment to poll and the commands waiting for it.",
    tag: 'Agent',
    credential: 'appToken',
    success: [{ status: 200, description: 'The jobs.', body: 'AgentEquipmentJobs' }],
  },
  {
    method: 'post',
    path: AGENT_EQUIPMENT_READINGS_PATH,
    operationId: 'pushEquipmentReadings',
    summary: "Readings of the gateway's equipment.",
    tag: 'Agent',
    credential: 'appToken',
    body: { schema: 'AgentEquipmentReadingsBody', required: true },
    success: [{ status: 200, description: 'Stored.', body: 'AgentEquipmentReadingsAccepted' }],
  },
  {
    method: 'post',
    path: '/api/agent/equipment/commands/{id}/result',
    operationId: 'equipmentCommandResult',
    summary: 'The outcome of one command: applied (written and read back) or failed.',
    tag: 'Agent',
    credential: 'appToken',
    body: { schema: 'AgentCommandResultBody', required: true },
    success: [{ status: 200, description: 'Recorded.', body: 'AgentCommandResult' }],
    errors: {
      404: 'No such command for this gateway.',
      409: 'The command is no longer pending (it timed out).',
    },
  },

  {
    method: 'get',
    path: ALERT_RULES_PATH,
    operationId: 'listAlertRules',
    summary: "The organisation's alert rules, the default pack first.",
    tag: 'Alerts',
    credential: 'operator',
    success: [{ status: 200, description: 'The rules.', body: 'AlertRulesList' }],
  },
  {
    method: 'post',
    path: ALERT_RULES_PATH,
    operationId: 'createAlertRule',
    summary: 'Adds a rule (admins).',
    tag: 'Alerts',
    credential: 'operator',
    body: { schema: 'AlertRuleBody', required: true },
    success: [{ status: 201, description: 'The rule.', body: 'AlertRule' }],
    errors: { 404: "The scope's node is not in the caller's organisation." },
  },
  {
    method: 'get',
    path: ALERT_RULES_EXPORT_PATH,
    operationId: 'exportAlertRules',
    summary:
      'The enabled rules as a Prometheus rule file (YAML) for the Prometheus-compatible store. Query: format=prometheus.',
    tag: 'Alerts',
    credential: 'operator',
    success: [{ status: 200, description: 'The rule file.' }],
  },
  {
    method: 'put',
    path: `${ALERT_RULES_PATH}/{id}`,
    operationId: 'updateAlertRule',
    summary: 'Changes a rule, default-pack ones included (admins).',
    tag: 'Alerts',
    credential: 'operator',
    body: { schema: 'AlertRuleBody', required: true },
    success: [{ status: 200, description: 'The rule.', body: 'AlertRule' }],
    errors: { 404: unknownId('rule') },
  },
  {
    method: 'delete',
    path: `${ALERT_RULES_PATH}/{id}`,
    operationId: 'deleteAlertRule',
    summary: 'Deletes a rule and its alerts (admins).',
    tag: 'Alerts',
    credential: 'operator',
    success: [{ status: 204, description: 'Deleted.' }],
    errors: { 404: unknownId('rule') },
  },
  {
    method: 'get',
    path: ALERTS_PATH,
    operationId: 'listAlerts',
    summary:
      'Alerts not normal (pending, firing, no data; silenced ones flagged) and the latest 200 transitions. Query: severity, scope (datacenter:3, room:5, rack:7, device:9).',
    tag: 'Alerts',
    credential: 'operator',
    success: [{ status: 200, description: 'The alerts and history.', body: 'AlertsList' }],
  },
  {
    method: 'post',
    path: `${ALERTS_PATH}/{id}/acknowledge`,
    operationId: 'acknowledgeAlert',
    summary: 'Marks an alert as being handled (operators).',
    tag: 'Alerts',
    credential: 'operator',
    success: [{ status: 200, description: 'The alert.', body: 'Alert' }],
    errors: { 404: unknownId('alert'), 409: 'The alert is back to normal.' },
  },
  {
    method: 'get',
    path: SILENCES_PATH,
    operationId: 'listSilences',
    summary: 'Silences active now or later.',
    tag: 'Alerts',
    credential: 'operator',
    success: [{ status: 200, description: 'The silences.', body: 'SilencesList' }],
  },
  {
    method: 'post',
    path: SILENCES_PATH,
    operationId: 'createSilence',
    summary:
      'Silences matching alerts for a time window (operators): states still change, nothing is sent.',
    tag: 'Alerts',
    credential: 'operator',
    body: { schema: 'SilenceBody', required: true },
    success: [{ status: 201, description: 'The silence.', body: 'Silence' }],
    errors: { 404: "The scope's node or the rule is not in the caller's organisation." },
  },
  {
    method: 'delete',
    path: `${SILENCES_PATH}/{id}`,
    operationId: 'expireSilence',
    summary: 'Ends a silence now (operators).',
    tag: 'Alerts',
    credential: 'operator',
    success: [{ status: 204, description: 'Ended.' }],
    errors: { 404: unknownId('silence') },
  },
  {
    method: 'get',
    path: NOTIFICATION_CHANNELS_PATH,
    operationId: 'listNotificationChannels',
    summary: 'E-mail and webhook channels with their routing (least severity, scope).',
    tag: 'Alerts',
    credential: 'operator',
    success: [{ status: 200, description: 'The channels.', body: 'NotificationChannelsList' }],
  },
  {
    method: 'post',
    path: NOTIFICATION_CHANNELS_PATH,
    operationId: 'createNotificationChannel',
    summary:
      "Adds a channel (admins). A webhook's HMAC-SHA256 signing secret is in this answer only.",
    tag: 'Alerts',
    credential: 'operator',
    body: { schema: 'NotificationChannelBody', required: true },
    success: [{ status: 201, description: 'The channel.', body: 'CreatedNotificationChannel' }],
    errors: { 404: "The scope's node is not in the caller's organisation." },
  },
  {
    method: 'delete',
    path: `${NOTIFICATION_CHANNELS_PATH}/{id}`,
    operationId: 'deleteNotificationChannel',
    summary: 'Deletes a channel (admins).',
    tag: 'Alerts',
    credential: 'operator',
    success: [{ status: 204, description: 'Deleted.' }],
    errors: { 404: unknownId('channel') },
  },
  {
    method: 'get',
    path: NOTIFICATION_DELIVERIES_PATH,
    operationId: 'listNotificationDeliveries',
    summary: 'The latest 200 notifications: sent, pending (with the next retry) or failed.',
    tag: 'Alerts',
    credential: 'operator',
    success: [{ status: 200, description: 'The deliveries.', body: 'NotificationDeliveriesList' }],
  },
];

const TAGS = [
  { name: 'Access', description: 'Roles, users and the audit log (operator API).' },
  { name: 'Equipment', description: 'pCDUs and PDUs, and changes to them (operator API).' },
  {
    name: 'Alerts',
    description: 'Alert rules, alerts, silences and notifications (operator API).',
  },
  { name: 'Devices', description: 'Datacenters, rooms, racks and servers (operator API).' },
  { name: 'Organisation', description: "The operator's organisation (operator API)." },
  { name: 'Plans', description: 'Plans and checkout (operator API).' },
  { name: 'Onboarding', description: 'App tokens and metrics labels (operator API).' },
  { name: 'Identity', description: 'Calls made before signing in.' },
  { name: 'Agent', description: 'Calls of the telemetry agent installed on each server.' },
  { name: 'Billing', description: "Stripe's webhook." },
  { name: 'Metrics', description: 'Prometheus scraping and service discovery.' },
];

// ---------------------------------------------------------------------------------------------
// From the calls to the document.

const EXPOSITION_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

function successResponse(success: Success): JsonSchema {
  if (success.body === undefined) return { description: success.description };
  const content =
    success.body === 'exposition'
      ? { [EXPOSITION_TYPE]: { schema: { type: 'string' } } }
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
