import {
  ALERT_MESSAGES,
  CHANNEL_MESSAGES,
  CONDITION_MESSAGES,
  METRIC_REQUIRED_MESSAGE,
  type AlertRule,
  type AlertRuleBody,
  type Condition,
  type NotificationChannel,
  type NotificationChannelBody,
  type Scope,
  type Severity,
} from '@brezza/contract';

/** A scope as the pickers hold it: the kind, and the id or device type as text. */
export interface ScopeForm {
  kind: Scope['kind'];
  /** A datacenter, room, rack or device id; '' until picked. */
  id: string;
  deviceType: 'server' | 'pcdu' | 'pdu';
}

export const ORGANISATION_SCOPE: ScopeForm = { kind: 'organisation', id: '', deviceType: 'pcdu' };

export function scopeForm(scope: Scope): ScopeForm {
  switch (scope.kind) {
    case 'organisation':
      return ORGANISATION_SCOPE;
    case 'deviceType':
      return { kind: 'deviceType', id: '', deviceType: scope.deviceType };
    default:
      return { kind: scope.kind, id: String(scope.id), deviceType: 'pcdu' };
  }
}

/** The scope the server gets; an unpicked id goes as 0, which the server refuses by name. */
export function scopeBody(form: ScopeForm): Scope {
  switch (form.kind) {
    case 'organisation':
      return { kind: 'organisation' };
    case 'deviceType':
      return { kind: 'deviceType', deviceType: form.deviceType };
    default:
      return { kind: form.kind, id: Number(form.id) };
  }
}

/** Every field of the rule editor as typed: numbers stay text until sent. */
export interface RuleForm {
  name: string;
  enabled: boolean;
  severity: Severity;
  scope: ScopeForm;
  metric: string;
  kind: Condition['kind'];
  threshold: string;
  clear: string;
  low: string;
  high: string;
  hysteresis: string;
  state: string;
  seconds: string;
  forSeconds: string;
  description: string;
}

export const EMPTY_RULE: RuleForm = {
  name: '',
  enabled: true,
  severity: 'warning',
  scope: ORGANISATION_SCOPE,
  metric: '',
  kind: 'above',
  threshold: '',
  clear: '',
  low: '',
  high: '',
  hysteresis: '',
  state: '',
  seconds: '300',
  forSeconds: '0',
  description: '',
};

const text = (value: number | undefined) => (value === undefined ? '' : String(value));

export function ruleForm(rule: AlertRule): RuleForm {
  const c = rule.condition;
  return {
    ...EMPTY_RULE,
    name: rule.name,
    enabled: rule.enabled,
    severity: rule.severity,
    scope: scopeForm(rule.scope),
    metric: rule.metric ?? '',
    kind: c.kind,
    threshold: c.kind === 'above' || c.kind === 'below' ? text(c.threshold) : '',
    clear: c.kind === 'above' || c.kind === 'below' ? text(c.clear) : '',
    low: c.kind === 'outside' ? text(c.low) : '',
    high: c.kind === 'outside' ? text(c.high) : '',
    hysteresis: c.kind === 'outside' ? text(c.hysteresis) : '',
    state: c.kind === 'equals' ? c.state : '',
    seconds: c.kind === 'absent' ? String(c.seconds) : EMPTY_RULE.seconds,
    forSeconds: String(rule.forSeconds),
    description: rule.description,
  };
}

/**
 * A typed number: '' is left out (an optional clear threshold), anything else goes as typed, so
 * that the server's message ("condition.threshold must be a number.") names a bad one.
 */
const number = (value: string): number | undefined =>
  value.trim() === '' ? undefined : Number(value.replace(',', '.'));
const required = (value: string): number => number(value) ?? Number.NaN;

export function ruleBody(form: RuleForm): AlertRuleBody {
  const condition = ((): Condition => {
    switch (form.kind) {
      case 'above':
      case 'below':
        return { kind: form.kind, threshold: required(form.threshold), clear: number(form.clear) };
      case 'outside':
        return {
          kind: 'outside',
          low: required(form.low),
          high: required(form.high),
          hysteresis: number(form.hysteresis),
        };
      case 'equals':
        return { kind: 'equals', state: form.state.trim() };
      case 'absent':
        return { kind: 'absent', seconds: required(form.seconds) };
    }
  })();
  return {
    name: form.name,
    enabled: form.enabled,
    severity: form.severity,
    scope: scopeBody(form.scope),
    metric: form.kind === 'absent' ? null : form.metric.trim() || null,
    condition,
    forSeconds: required(form.forSeconds),
    description: form.description,
  };
}

/** The editor fields a server message can be about; `form` is the form as a whole. */
export type RuleField =
  | 'name'
  | 'scope'
  | 'metric'
  | 'threshold'
  | 'clear'
  | 'low'
  | 'high'
  | 'hysteresis'
  | 'state'
  | 'seconds'
  | 'forSeconds'
  | 'description'
  | 'form';

const RULE_MESSAGE_FIELDS: Record<string, RuleField> = {
  [CONDITION_MESSAGES.clearAbove]: 'clear',
  [CONDITION_MESSAGES.clearBelow]: 'clear',
  [CONDITION_MESSAGES.range]: 'high',
  [METRIC_REQUIRED_MESSAGE]: 'metric',
  [ALERT_MESSAGES.scopeNotFound]: 'scope',
  'Name is required.': 'name',
  'Name must be at most 120 characters.': 'name',
  'Metric must be a metric name such as pcdu_wflow.': 'metric',
  'Pending duration must be 0 or more seconds.': 'forSeconds',
};

/** Server messages that name a field (`condition.threshold must be a number.`) by its path. */
const RULE_PATH_FIELDS: [string, RuleField][] = [
  ['condition.threshold', 'threshold'],
  ['condition.clear', 'clear'],
  ['condition.low', 'low'],
  ['condition.high', 'high'],
  ['condition.hysteresis', 'hysteresis'],
  ['condition.state', 'state'],
  ['condition.seconds', 'seconds'],
  ['forSeconds', 'forSeconds'],
  ['description', 'description'],
  ['metric', 'metric'],
  ['scope', 'scope'],
  ['name', 'name'],
];

/** Which editor field the server's message is about, so that it shows beside that field. */
export function ruleFieldOf(message: string): RuleField {
  const exact = RULE_MESSAGE_FIELDS[message];
  if (exact) return exact;
  return (
    RULE_PATH_FIELDS.find(
      ([path]) => message.startsWith(`${path} `) || message.startsWith(`${path}.`),
    )?.[1] ?? 'form'
  );
}

export interface ChannelForm {
  name: string;
  kind: 'email' | 'webhook';
  target: string;
  minSeverity: Severity;
  scope: ScopeForm;
}

export const EMPTY_CHANNEL: ChannelForm = {
  name: '',
  kind: 'email',
  target: '',
  minSeverity: 'warning',
  scope: ORGANISATION_SCOPE,
};

export const channelForm = (channel: NotificationChannel): ChannelForm => ({
  name: channel.name,
  kind: channel.kind,
  target: channel.target,
  minSeverity: channel.minSeverity,
  scope: scopeForm(channel.scope),
});

export const channelBody = (form: ChannelForm): NotificationChannelBody => ({
  name: form.name,
  kind: form.kind,
  target: form.target,
  minSeverity: form.minSeverity,
  scope: scopeBody(form.scope),
});

export type ChannelField = 'name' | 'target' | 'scope' | 'form';

export function channelFieldOf(message: string): ChannelField {
  if (message === CHANNEL_MESSAGES.email || message === CHANNEL_MESSAGES.webhook) return 'target';
  if (message === 'Target is required.' || message.startsWith('target ')) return 'target';
  if (message === 'Name is required.' || message.startsWith('name ')) return 'name';
  if (message === ALERT_MESSAGES.scopeNotFound || message.startsWith('scope')) return 'scope';
  return 'form';
}
