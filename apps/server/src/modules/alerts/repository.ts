import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

/**
 * The joins the alerts module reads its records through: a transition with its alert's rule and
 * device, and a notification delivery with its channel and the transition it tells of.
 */

/** An organisation's recorded transitions, with the rule's name and severity and the device. */
export function eventsWithRule(db: Kysely<DB>, organisationId: number) {
  return db
    .selectFrom('alert_events as e')
    .innerJoin('alert_states as st', 'st.id', 'e.state_id')
    .innerJoin('alert_rules as r', 'r.id', 'st.rule_id')
    .select([
      'e.id',
      'e.state_id',
      'r.name as rule_name',
      'r.severity',
      'r.metric',
      'st.device_id',
      'e.transition',
      'e.at',
    ])
    .where('e.organisation_id', '=', organisationId);
}

/** Deliveries with their channel, transition, alert state and rule (every organisation's). */
export function deliveriesWithEvent(db: Kysely<DB>) {
  return db
    .selectFrom('notification_deliveries as d')
    .innerJoin('notification_channels as c', 'c.id', 'd.channel_id')
    .innerJoin('alert_events as e', 'e.id', 'd.event_id')
    .innerJoin('alert_states as st', 'st.id', 'e.state_id')
    .innerJoin('alert_rules as r', 'r.id', 'st.rule_id');
}
