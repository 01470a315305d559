import type { Generated } from 'kysely';
import type { DeviceType, Role } from '@brezza/contract';

/**
 * The database's tables as Kysely sees them. Each domain declares its tables next to its
 * migration and this interface composes them.
 */
export interface OrganisationsTable {
  id: Generated<number>;
  name: string;
  grafana_url: string | null;
  tau_url: string | null;
  plan: 'argent' | 'oro' | 'platino' | 'none';
  /** The Grafana organisation link-grafana provisions this organisation's users in. */
  grafana_org_id: Generated<number | null>;
  created_at: string;
  /** Billing (migration 0005): Stripe customer, current subscription, last event applied. */
  stripe_customer_id: Generated<string | null>;
  stripe_subscription_id: Generated<string | null>;
  subscription_synced_at: Generated<string | null>;
  /** The seeded demo organisation (migration 2026-11-23-0401): simulated telemetry. */
  demo: Generated<boolean | number>;
}

export type UserStatus = 'active' | 'disabled';

export interface UsersTable {
  id: Generated<number>;
  organisation_id: number;
  name: string;
  email: string;
  /** argon2id; null until the user sets a password from the link staff sent. */
  password_hash: string | null;
  status: UserStatus;
  created_at: string;
  /** Migration 2026-11-23-0501; existing users became admins. */
  role: Generated<Role>;
}

export interface AccessRequestsTable {
  id: Generated<number>;
  name: string;
  email: string;
  password_hash: string;
  status: 'pending' | 'approved' | 'rejected';
  created_at: string;
  decided_at: string | null;
}

export interface PasswordTokensTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  purpose: 'set' | 'reset';
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export interface LoginThrottlesTable {
  key: string;
  failures: number;
  last_failure_at: string;
  blocked_until: string;
}

/** Every model of the embedded OpenID provider (sessions, grants, codes, tokens...). */
export interface IdpModelsTable {
  model: string;
  id: string;
  payload: string;
  grant_id: string | null;
  account_id: string | null;
  uid: string | null;
  user_code: string | null;
  expires_at: string | null;
  consumed_at: string | null;
}

export interface IdpKeysTable {
  id: Generated<number>;
  kind: 'signing' | 'cookie';
  material: string;
  created_at: string;
}

export interface DatacentersTable {
  id: Generated<number>;
  organisation_id: number;
  name: string;
  location: string;
  created_at: string;
  updated_at: string;
}

export interface RoomsTable {
  id: Generated<number>;
  organisation_id: number;
  name: string;
  datacenter_id: number | null;
  created_at: string;
  updated_at: string;
}

export interface RacksTable {
  id: Generated<number>;
  organisation_id: number;
  name: string;
  room_id: number | null;
  created_at: string;
  updated_at: string;
}

/** A registered server. Onboarding inserts rows; the hierarchy API names and places them. */
export interface ServersTable {
  id: Generated<number>;
  organisation_id: number;
  server_name: string;
  /** '' when the agent reported no public address. */
  public_ipv4: Generated<string>;
  machine_id: Generated<string>;
  host_name: string | null;
  rack_id: number | null;
  device_type_id: number | null;
  /** 'server' unless the row is a pCDU or PDU (see the equipment table). */
  device_type: Generated<DeviceType>;
  /** A pCDU placed in a room without a rack. */
  room_id: Generated<number | null>;
  agent_version: string | null;
  last_seen_at: string | null;
  created_at: string;
  updated_at: string;
}

/** One random stamp per organisation, replaced by every write that changes a hierarchy list. */
export interface HierarchyVersionsTable {
  organisation_id: number;
  stamp: string;
}

export type CheckoutSessionStatus = 'open' | 'complete' | 'cancelled';

/** A checkout an operator started: Stripe's (cs_...) or the local test checkout's. */
export interface CheckoutSessionsTable {
  id: string;
  organisation_id: number;
  /** Who started it; null only once that user is deleted. */
  user_id: number | null;
  plan: 'argent' | 'oro' | 'platino';
  status: CheckoutSessionStatus;
  subscription_id: string | null;
  created_at: string;
  expires_at: string;
  completed_at: string | null;
}

/** Webhook events already applied, by Stripe event id: a replay changes nothing. */
export interface BillingEventsTable {
  id: string;
  type: string;
  received_at: string;
}

/** Every change of an organisation's plan: who (null when Stripe changed it) and when. */
export interface PlanChangesTable {
  id: Generated<number>;
  organisation_id: number;
  from_plan: 'argent' | 'oro' | 'platino' | 'none';
  to_plan: 'argent' | 'oro' | 'platino' | 'none';
  changed_by_user_id: number | null;
  source: 'checkout' | 'stripe';
  stripe_event_id: string;
  stripe_subscription_id: string | null;
  created_at: string;
}

/** Subscriptions a newer purchase replaced; cancelled_at is set once Stripe confirms it. */
export interface SupersededSubscriptionsTable {
  subscription_id: string;
  organisation_id: number;
  superseded_at: string;
  cancelled_at: string | null;
}

/** Billing's own secrets, e.g. the local checkout's webhook signing secret. */
export interface BillingSettingsTable {
  name: string;
  value: string;
}

/** An installer/agent credential; only its SHA-256 is stored (see modules/onboarding). */
export interface AppTokensTable {
  id: Generated<number>;
  organisation_id: number;
  created_by: number | null;
  token_hash: string;
  created_at: string;
  expires_at: string;
  first_used_at: string | null;
  bound_machine_id: string | null;
  server_id: number | null;
  registered_name: string | null;
  revoked_at: string | null;
}

/** Each server's most recent sample (JSON) and how many samples it has sent in all. */
export interface LatestSamplesTable {
  server_id: number;
  organisation_id: number;
  collected_at: string;
  received_at: string;
  payload: string;
  sample_count: number;
}

/** A server's Prometheus labels, rebuilt by refresh_prometheus after hierarchy changes. */
export interface MetricLabelsTable {
  server_id: number;
  organisation_id: number;
  organisation: string;
  datacenter: string;
  room: string;
  rack: string;
  server: string;
  machine_id: string;
  refreshed_at: string;
}

/** Per-organisation credential of a Prometheus scraping the metrics and discovery endpoints. */
export interface ScrapeTokensTable {
  id: Generated<number>;
  organisation_id: number;
  token_hash: string;
  note: string | null;
  created_at: string;
  revoked_at: string | null;
}

/** How the gateway agent reaches a pCDU or PDU (issue 12). */
/** A datacenter's PUE source (issue 14): a declared figure or a facility meter, not both. */
export interface EfficiencySettingsTable {
  datacenter_id: number;
  organisation_id: number;
  declared_pue: number | null;
  facility_meter_device_id: number | null;
  updated_at: string;
}

export interface EquipmentTable {
  server_id: number;
  organisation_id: number;
  profile: string;
  host: string;
  port: number;
  unit_id: number | null;
  /** SnmpSettings as JSON, for PDUs. */
  snmp: string | null;
  gateway_server_id: number | null;
  last_seen_at: string | null;
  /** The network settings the unit last reported (JSON), for the Network Config tab. */
  network: string | null;
  created_at: string;
}

/** Each unit's latest value per sensor. */
export interface EquipmentReadingsTable {
  server_id: number;
  sensor: string;
  /** JSON: a number, a state word or a flag. */
  value: string;
  at: string;
}

export interface EquipmentCommandsTable {
  id: Generated<number>;
  organisation_id: number;
  server_id: number;
  kind: 'setpoints' | 'network';
  requested: string;
  previous: string | null;
  status: 'pending' | 'applied' | 'failed';
  reason: string | null;
  requested_by: number | null;
  requested_by_name: string;
  created_at: string;
  dispatched_at: string | null;
  completed_at: string | null;
}

export interface AuditLogTable {
  id: Generated<number>;
  organisation_id: number;
  user_id: number | null;
  user_name: string;
  at: string;
  action: 'create' | 'update' | 'delete' | 'command';
  entity: string;
  entity_id: number;
  entity_name: string;
  before: string | null;
  after: string | null;
  result: 'ok' | 'pending' | 'applied' | 'failed';
  reason: string | null;
  command_id: number | null;
}

/** Embedded metrics store (migration 2026-11-23-0301): a device's metric and label set. */
export interface MetricSeriesTable {
  id: Generated<number>;
  organisation_id: number;
  device_id: number;
  metric: string;
  labels: string;
}

/** A series' open head chunk (this hour's samples) and its newest sample. */
/** The open hour of a series, one row per sample, compressed into a chunk when sealed. */
export interface MetricHeadSamplesTable {
  series_id: number;
  time_ms: number;
  value: number;
}

export interface MetricHeadsTable {
  series_id: number;
  window_start: number;
  last_ms: number;
  last_value: number;
}

/** A sealed compressed chunk: 0 raw samples, 1 minute rollups of an hour, 2 hour rollups of a day. */
export interface MetricChunksTable {
  series_id: number;
  resolution: number;
  start_ms: number;
  end_ms: number;
  data: Uint8Array;
}

/** Alerts (migration 2026-11-23-0701). Scope and condition are JSON of the contract's schemas. */
/** Setpoint recommendations (migration 2026-11-24-1201, issue 15). */
export interface RecommendationsTable {
  id: Generated<number>;
  organisation_id: number;
  server_id: number;
  valve_setpoint: number;
  delta_t_setpoint: number;
  baseline_valve_setpoint: number;
  baseline_delta_t_setpoint: number;
  predicted_saving_percent: number;
  predicted: string;
  risk: string;
  twin: string;
  status: 'proposed' | 'superseded' | 'pending' | 'applied' | 'failed' | 'reverted';
  created_at: string;
  checked_at: string;
  command_id: number | null;
  revert_command_id: number | null;
  applied_by: string | null;
  applied_at: string | null;
  reason: string | null;
  realised: string | null;
}

export interface AnomalyModelsTable {
  id: Generated<number>;
  organisation_id: number;
  server_id: number;
  metric: string;
  labels: string;
  models: string;
  trained_at: string;
}

export interface RecommendationSettingsTable {
  organisation_id: number;
  automatic_mode: number;
  updated_by: string;
  updated_at: string;
}

export interface AlertRulesTable {
  id: Generated<number>;
  organisation_id: number;
  name: string;
  enabled: number;
  severity: string;
  scope: string;
  metric: string | null;
  condition: string;
  for_seconds: number;
  description: string;
  builtin: string | null;
  created_at: string;
  updated_at: string;
}

export interface AlertPacksTable {
  organisation_id: number;
  created_at: string;
}

export interface AlertStatesTable {
  id: Generated<number>;
  organisation_id: number;
  rule_id: number;
  device_id: number;
  series_key: string;
  state: string;
  since_ms: number | string;
  value: string | null;
  evaluated_ms: number | string;
  version: number;
  acknowledged_by: string | null;
  acknowledged_at: string | null;
}

export interface AlertEventsTable {
  id: Generated<number>;
  organisation_id: number;
  state_id: number;
  transition: string;
  value: string | null;
  silenced: number;
  at: string;
}

export interface SilencesTable {
  id: Generated<number>;
  organisation_id: number;
  scope: string;
  rule_id: number | null;
  severity: string | null;
  starts_at: string;
  ends_at: string;
  author: string;
  comment: string;
  created_at: string;
}

export interface NotificationChannelsTable {
  id: Generated<number>;
  organisation_id: number;
  name: string;
  kind: string;
  target: string;
  secret: string | null;
  min_severity: string;
  scope: string;
  created_at: string;
}

export interface NotificationDeliveriesTable {
  id: Generated<number>;
  organisation_id: number;
  channel_id: number;
  event_id: number;
  status: string;
  attempts: number;
  last_error: string | null;
  next_attempt_at: string | null;
  claimed_until: string | null;
  delivered_at: string | null;
  created_at: string;
}

/** Monthly executive report mailings (migration 2026-11-24-1001): the row is the claim. */
export interface ReportMailingsTable {
  organisation_id: number;
  /** YYYY-MM, the month reported. */
  month: string;
  claimed_at: string;
  sent_at: string | null;
  /** JSON array of the admins' addresses. */
  recipients: string;
  error: string | null;
}

export interface DB {
  organisations: OrganisationsTable;
  users: UsersTable;
  access_requests: AccessRequestsTable;
  password_tokens: PasswordTokensTable;
  login_throttles: LoginThrottlesTable;
  idp_models: IdpModelsTable;
  idp_keys: IdpKeysTable;
  datacenters: DatacentersTable;
  rooms: RoomsTable;
  racks: RacksTable;
  servers: ServersTable;
  alert_rules: AlertRulesTable;
  recommendations: RecommendationsTable;
  recommendation_settings: RecommendationSettingsTable;
  anomaly_models: AnomalyModelsTable;
  alert_packs: AlertPacksTable;
  alert_states: AlertStatesTable;
  alert_events: AlertEventsTable;
  silences: SilencesTable;
  notification_channels: NotificationChannelsTable;
  notification_deliveries: NotificationDeliveriesTable;
  hierarchy_versions: HierarchyVersionsTable;
  app_tokens: AppTokensTable;
  latest_samples: LatestSamplesTable;
  metric_labels: MetricLabelsTable;
  scrape_tokens: ScrapeTokensTable;
  checkout_sessions: CheckoutSessionsTable;
  billing_events: BillingEventsTable;
  plan_changes: PlanChangesTable;
  superseded_subscriptions: SupersededSubscriptionsTable;
  billing_settings: BillingSettingsTable;
  equipment: EquipmentTable;
  efficiency_settings: EfficiencySettingsTable;
  equipment_readings: EquipmentReadingsTable;
  equipment_commands: EquipmentCommandsTable;
  audit_log: AuditLogTable;
  metric_series: MetricSeriesTable;
  metric_heads: MetricHeadsTable;
  metric_head_samples: MetricHeadSamplesTable;
  metric_chunks: MetricChunksTable;
  report_mailings: ReportMailingsTable;
}
