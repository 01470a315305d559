#!/usr/bin/env bash
# A real Prometheus scrapes a real Brezza server (DESIGN §5, issue 5): the built server on a temp
# data directory, an organisation with a datacenter, room and rack, the built agent downloaded
# from the server and registered like an operator would, `promtool check metrics` on the
# exposition, then Prometheus (its own temp storage, a free port, a 1 s scrape interval) using
# the HTTP service discovery with a scrape token, queried until the hierarchy labels arrive.
# The Grafana dashboard's queries must run against it too. Needs `npm run build` first.
# Installs Debian's prometheus package when it is missing. Bounded in time; cleans up.
set -euo pipefail
cd "$(dirname "$0")/.."

# The whole run is bounded: past the limit, timeout(1) stops it and the EXIT trap cleans up.
TIME_LIMIT_S="${CI_PROMETHEUS_TIME_LIMIT_S:-120}"
if [ -z "${CI_PROMETHEUS_BOUNDED:-}" ]; then
  exec timeout --kill-after=15 "$TIME_LIMIT_S" env CI_PROMETHEUS_BOUNDED=1 bash "$0" "$@"
fi
step() { printf '\n==> %s\n' "$*"; }
fail() {
  printf 'ci-prometheus: %s\n' "$*" >&2
  exit 1
}

if ! command -v prometheus >/dev/null || ! command -v promtool >/dev/null; then
  step "Installing Debian's prometheus package"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends prometheus >/dev/null
fi
for built in apps/server/dist/server.js apps/server/dist/admin.js apps/agent/dist/brezza-agent; do
  [ -e "$built" ] || fail "$built is missing: run npm run build first"
done

WORK="$(mktemp -d)"
PIDS=()
cleanup() {
  for pid in "${PIDS[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
  for pid in "${PIDS[@]}"; do wait "$pid" 2>/dev/null || true; done
  # CI_PROMETHEUS_KEEP=1 keeps the logs, configuration and data for a look after a failure.
  if [ "${CI_PROMETHEUS_KEEP:-}" = 1 ]; then echo "kept $WORK"; else rm -rf "$WORK"; fi
}
trap cleanup EXIT
trap 'echo "ci-prometheus: stopped (over ${TIME_LIMIT_S} s?)" >&2; exit 124' TERM INT

free_port() {
  node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"
}
# wait_until <what> <seconds> <command...>: polls every 0.2 s.
wait_until() {
  local what="$1" seconds="$2"
  shift 2
  local tries=$((seconds * 5))
  for _ in $(seq 1 "$tries"); do
    if "$@" >/dev/null 2>&1; then return 0; fi
    sleep 0.2
  done
  fail "timed out waiting for $what"
}

step "Brezza server on a temp data directory"
PORT="$(free_port)"
BREZZA="http://127.0.0.1:$PORT"
export DATA_DIR="$WORK/data" PUBLIC_URL="$BREZZA" PORT HOST=127.0.0.1 LOG_LEVEL=warn
node apps/server/dist/server.js >"$WORK/server.log" 2>&1 &
PIDS+=($!)
wait_until "the server" 60 curl -fsS --max-time 10 "$BREZZA/healthz" || { cat "$WORK/server.log"; exit 1; }
admin() { node apps/server/dist/admin.js "$@"; }

step "An organisation, an operator, an app token and a scrape token (admin commands)"
ORG_ID="$(admin create-organisation --name 'CI "Cooling" Co' | sed -n 's/^Created organisation \([0-9]*\):.*/\1/p')"
[ -n "$ORG_ID" ] || fail "create-organisation printed no id"
admin authorise-user --name 'CI Operator' --email ci-operator@example.com --organisation "$ORG_ID" >/dev/null
APP_TOKEN="$(admin create-app-token --email ci-operator@example.com | grep '^brz_')"
SCRAPE_TOKEN="$(admin create-scrape-token --organisation "$ORG_ID" --note ci | grep '^brzs_')"
printf '%s' "$SCRAPE_TOKEN" >"$WORK/scrape-token"

step "The agent, downloaded and installed the way the installer command does it"
curl -fsSL --max-time 60 "$BREZZA/static/brezza-agent" -o "$WORK/brezza-agent"
chmod +x "$WORK/brezza-agent"
"$WORK/brezza-agent" --create-with-app-token "$APP_TOKEN" --create-with-server-name 'ci-server-1' \
  --no-service --config-dir "$WORK/agent"
"$WORK/brezza-agent" run --config-dir "$WORK/agent" --interval 1 >"$WORK/agent.log" 2>&1 &
PIDS+=($!)

step "The server placed in a datacenter, room and rack (the hierarchy service), labels refreshed"
node --input-type=module - "$ORG_ID" <<'NODE'
import { loadConfig } from './apps/server/dist/config.js';
import { createDatabase } from './apps/server/dist/db/database.js';
import { createHierarchyService } from './apps/server/dist/modules/hierarchy/service.js';

const organisationId = Number(process.argv[2]);
const database = createDatabase(loadConfig().database);
try {
  const service = createHierarchyService({ db: database.db, onCommitted: () => {} });
  // Staff work from the command line: the audit log records them with no user id.
  const actor = { organisationId, id: null, name: 'CI' };
  const dc = await service.createDatacenter(actor, { name: 'Milan-1', location: 'Milan' });
  const room = await service.createRoom(actor, { name: 'Hall "A"', datacenterId: dc.id });
  const rack = await service.createRack(actor, { name: 'R-07', roomId: room.id });
  const server = await database.db
    .selectFrom('servers')
    .select('id')
    .where('organisation_id', '=', organisationId)
    .executeTakeFirstOrThrow();
  await service.updateServer(actor, server.id, { serverName: null, rackId: rack.id });
} finally {
  await database.close();
}
NODE
admin refresh-prometheus --organisation "$ORG_ID"

step "promtool check metrics on the exposition"
METRICS_URL="$BREZZA/metrics/organisations/$ORG_ID"
has_samples() {
  curl -fsS --max-time 10 -H "Authorization: Bearer $SCRAPE_TOKEN" "$METRICS_URL" >"$WORK/exposition.txt" &&
    grep -q '^brezza_cpu_usage_ratio{.*rack="R-07"' "$WORK/exposition.txt"
}
wait_until "the agent's first sample" 20 has_samples || { cat "$WORK/agent.log"; exit 1; }
promtool check metrics <"$WORK/exposition.txt"
echo "$(grep -vc '^#' "$WORK/exposition.txt") series, promtool found no problems"

step "Prometheus with the shipped configuration, pointed at this server"
PROM_PORT="$(free_port)"
PROM="http://127.0.0.1:$PROM_PORT"
# deploy/prometheus/prometheus.yml with this server, organisation and token file, scraping every second.
sed -e "s#https://brezza.example.com#$BREZZA#g" \
  -e "s#/organisations/1/#/organisations/$ORG_ID/#g" \
  -e "s#/etc/prometheus/brezza-scrape-token#$WORK/scrape-token#g" \
  -e 's#scheme: https#scheme: http#' \
  -e 's#scrape_interval: 15s#scrape_interval: 1s#' \
  -e 's#refresh_interval: 1m#refresh_interval: 1s#' \
  deploy/prometheus/prometheus.yml >"$WORK/prometheus.yml"
promtool check config "$WORK/prometheus.yml"
prometheus --config.file="$WORK/prometheus.yml" --storage.tsdb.path="$WORK/tsdb" \
  --web.listen-address="127.0.0.1:$PROM_PORT" >"$WORK/prometheus.log" 2>&1 &
PIDS+=($!)
wait_until "Prometheus" 30 curl -fsS --max-time 10 "$PROM/-/ready" || { cat "$WORK/prometheus.log"; exit 1; }

# The labels Prometheus stored for brezza_cpu_usage_ratio, checked exactly.
labels_arrived() {
  curl -fsS --max-time 10 --get "$PROM/api/v1/query" --data-urlencode 'query=brezza_cpu_usage_ratio' >"$WORK/query.json" &&
    node - "$WORK/query.json" "$ORG_ID" <<'NODE'
const fs = require('node:fs');
const answer = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const series = answer.data.result.map((entry) => entry.metric);
const expected = {
  organisation: 'CI "Cooling" Co',
  datacenter: 'Milan-1',
  room: 'Hall "A"',
  rack: 'R-07',
  server: 'ci-server-1',
  job: 'brezza',
};
const found = series.find((labels) => Object.entries(expected).every(([k, v]) => labels[k] === v));
if (!found || !/^[0-9a-f-]{16,64}$/.test(found.machine_id)) process.exit(1);
console.log(JSON.stringify(found));
NODE
}
wait_until "the hierarchy labels in Prometheus" 30 labels_arrived || {
  cat "$WORK/query.json" "$WORK/prometheus.log"
  exit 1
}
echo "Prometheus stored: $(cat "$WORK/query.json" | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.stringify(JSON.parse(s).data.result[0].metric)))')"
curl -fsS --max-time 10 "$PROM/api/v1/targets" | grep -q '"health":"up"' || fail "the discovered target is not up"

step "Every query of the Grafana dashboard runs in this Prometheus"
node - "$PROM" deploy/grafana/provisioning/dashboards/brezza/brezza-servers.json <<'NODE'
const fs = require('node:fs');
const [prometheus, file] = process.argv.slice(2);
const dashboard = JSON.parse(fs.readFileSync(file, 'utf8'));
const queries = dashboard.panels.flatMap((panel) => panel.targets.map((t) => [panel.title, t.expr]));
for (const variable of dashboard.templating.list) {
  if (variable.type === 'query') queries.push([`$${variable.name}`, variable.query.query]);
}
(async () => {
  let failed = 0;
  for (const [title, expr] of queries) {
    const resolved = expr.replace(/\$(organisation|datacenter|room|rack|server)\b/g, '.*');
    // label_values() is Grafana's: Prometheus answers it as a series query.
    const labelValues = /^label_values\((.*),\s*(\w+)\)$/.exec(resolved);
    const url = labelValues
      ? `${prometheus}/api/v1/series?match[]=${encodeURIComponent(labelValues[1])}`
      : `${prometheus}/api/v1/query?query=${encodeURIComponent(resolved)}`;
    const answer = await (await fetch(url)).json();
    const empty = answer.status === 'success' && answer.data.length === 0;
    if (answer.status !== 'success' || empty) {
      failed += 1;
      console.error(`${title}: ${answer.error ?? 'no series'} (${resolved})`);
    }
  }
  console.log(`${queries.length - failed} of ${queries.length} dashboard queries ran`);
  process.exit(failed === 0 ? 0 : 1);
})();
NODE

step "Prometheus scraped Brezza with the hierarchy labels"
