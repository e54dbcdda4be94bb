#!/usr/bin/env bash
# Security scan: sqlmap and wapiti (Debian packages) against a throwaway instance
# of the app, seeded with the demo data set, on 127.0.0.1 and a free port.
#
#   scripts/security-scan.sh            # about 3 minutes on 2 cores
#
# What it does:
#   1. installs sqlmap, wapiti, curl and jq with apt-get when missing (root on
#      Debian), otherwise says what to install and exits 1;
#   2. builds the client if dist/client is missing, then runs scripts/demo.ts
#      (the demo seed, then the server exactly as `npm start` runs it) with a
#      temporary DATA_DIR (embedded PGlite) and a clean environment, so no
#      DATABASE_URL, SMTP or S3 setting of yours is ever touched;
#   3. signs in a demo user (ada, approved startup), a second demo user with a
#      reviewed contribution (mira, for the history cursor) and the admin;
#   4. sqlmap (batch, level 2, risk 1, one thread) on a representative set of
#      query strings, path parameters and JSON bodies, with session cookies;
#   5. wapiti on http://127.0.0.1:PORT/ with the user's cookie, the API's GET
#      endpoints as start URLs, bounded crawl and per-module attack time;
#   6. counts every 5xx the server answered during the scans (its request log);
#   7. writes a summary (tool versions, targets, findings per module and level)
#      to security-reports/<UTC time>/summary.txt and security-reports/latest.txt,
#      stops the app and deletes the temporary data.
#
# Raw outputs (sqlmap logs, wapiti JSON report, the app's log) stay under
# security-reports/ (git-ignored). docs/security.md records a run and what was done.
#
# The instance runs with TRUST_PROXY=true and sqlmap uses its xforwardedfor tamper
# (a random client IP per probe): otherwise the per-IP sign-in limit (10 a minute)
# answers 429 after ten probes and sqlmap would be testing the rate limiter. The
# limit itself is checked first, from one IP.
#
# Exit status: 0 when nothing exploitable was found and the server never answered
# 5xx; 2 when sqlmap found an injection point, wapiti reported an injection-class
# vulnerability (SQL, blind SQL, XSS, command execution, path traversal, CRLF,
# open redirect) or the server answered 5xx; 1 when the scan could not run.
# Header, CSP and cookie-flag advisories are reported but do not fail the run.
#
# Budgets (seconds, environment): SQLMAP_TIMEOUT per target (90), WAPITI_MAX_SCAN_TIME
# for the crawl (45), WAPITI_MAX_ATTACK_TIME per module (20), WAPITI_TIMEOUT hard
# cap (330), HEALTH_TIMEOUT for seed + start (300).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

SQLMAP_TIMEOUT="${SQLMAP_TIMEOUT:-90}"
WAPITI_MAX_SCAN_TIME="${WAPITI_MAX_SCAN_TIME:-45}"
WAPITI_MAX_ATTACK_TIME="${WAPITI_MAX_ATTACK_TIME:-20}"
WAPITI_TIMEOUT="${WAPITI_TIMEOUT:-330}"
HEALTH_TIMEOUT="${HEALTH_TIMEOUT:-300}"
WAPITI_MODULES="sql,blindsql,xss,permanentxss,exec,file,redirect,crlf,csp,http_headers,cookieflags,methods,htaccess,backup,shellshock"

log() { printf '[security-scan %s] %s\n' "$(date -u +%H:%M:%S)" "$*" >&2; }

# ── 1. tools ────────────────────────────────────────────────────────────────
missing=()
for tool in sqlmap wapiti curl jq; do
  command -v "$tool" >/dev/null 2>&1 || missing+=("$tool")
done
if ((${#missing[@]})); then
  if [[ "$(id -u)" == 0 && -f /etc/debian_version ]] && command -v apt-get >/dev/null 2>&1; then
    log "installing ${missing[*]} with apt-get"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
  else
    echo "Missing tools: ${missing[*]}. Install them (Debian/Ubuntu: sudo apt-get install -y ${missing[*]}) and run again." >&2
    exit 1
  fi
fi
NODE="$ROOT/node_modules/.bin/node"
[[ -x "$NODE" ]] || NODE="$(command -v node || true)"
if [[ -z "$NODE" || ! -d "$ROOT/node_modules/tsx" ]]; then
  echo "Node dependencies are missing: run npm ci first." >&2
  exit 1
fi

if [[ ! -f "$ROOT/dist/client/index.html" ]]; then
  log "dist/client is missing: npm run build"
  npm run build >/dev/null
fi

# ── 2. the app ──────────────────────────────────────────────────────────────
STAMP="$(date -u +%Y-%m-%dT%H%M%SZ)"
OUT="$ROOT/security-reports/$STAMP"
mkdir -p "$OUT/sqlmap"
TMP="$(mktemp -d -t sysfi-security-scan.XXXXXX)"
PORT="$("$NODE" -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")"
BASE="http://127.0.0.1:$PORT"
ADMIN_EMAIL="admin@sysfi.local"
ADMIN_PASSWORD="scan-$(od -An -N9 -tx1 /dev/urandom | tr -d ' \n')"
DEMO_PASSWORD="sysfi-demo"
APP_PID=""

cleanup() {
  local rc=$?
  if [[ -n "$APP_PID" ]] && kill -0 "$APP_PID" 2>/dev/null; then
    log "stopping the app (pid $APP_PID)"
    kill -TERM "$APP_PID" 2>/dev/null || true
    for _ in $(seq 1 30); do
      kill -0 "$APP_PID" 2>/dev/null || break
      sleep 0.5
    done
    kill -KILL "$APP_PID" 2>/dev/null || true
    wait "$APP_PID" 2>/dev/null || true
  fi
  rm -rf "$TMP"
  exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

log "starting the demo instance on $BASE (DATA_DIR=$TMP/data, output in ${OUT#"$ROOT"/})"
env -i PATH="$PATH" HOME="${HOME:-/root}" LANG=C.UTF-8 TMPDIR="$TMP" \
  NODE_ENV=development HOST=127.0.0.1 PORT="$PORT" APP_URL="$BASE" DATA_DIR="$TMP/data" \
  ADMIN_EMAIL="$ADMIN_EMAIL" DEMO_ADMIN_PASSWORD="$ADMIN_PASSWORD" TRUST_PROXY=true LOG_LEVEL=info \
  "$NODE" --import tsx scripts/demo.ts >"$OUT/app.log" 2>&1 &
APP_PID=$!

started=$SECONDS
until curl -fsS -o /dev/null "$BASE/api/health" 2>/dev/null; do
  if ! kill -0 "$APP_PID" 2>/dev/null; then
    tail -n 30 "$OUT/app.log" >&2
    echo "The app exited before it became healthy (log: $OUT/app.log)." >&2
    exit 1
  fi
  if ((SECONDS - started > HEALTH_TIMEOUT)); then
    echo "The app did not become healthy within ${HEALTH_TIMEOUT}s (log: $OUT/app.log)." >&2
    exit 1
  fi
  sleep 1
done
# demo.ts prints its banner once the seed is in and the server answers.
until grep -q 'Press Ctrl+C to stop' "$OUT/app.log"; do
  ((SECONDS - started > HEALTH_TIMEOUT)) && { echo "The demo seed did not finish (log: $OUT/app.log)." >&2; exit 1; }
  sleep 0.5
done
log "healthy after $((SECONDS - started))s"

# ── 3. sessions ─────────────────────────────────────────────────────────────
# Each sign-in from its own documentation-range IP, so none of them spends the scan's budget.
sign_in() { # email password jar ip
  local code
  code="$(curl -sS -o /dev/null -w '%{http_code}' -c "$3" -H 'content-type: application/json' -H "origin: $BASE" \
    -H "x-forwarded-for: $4" --data "{\"email\":\"$1\",\"password\":\"$2\"}" "$BASE/api/account/sign-in")"
  [[ "$code" == 200 ]] || { echo "Sign-in as $1 failed ($code)." >&2; exit 1; }
  awk '$6 == "better-auth.session_token" { print $7 }' "$3"
}
USER_TOKEN="$(sign_in ada@demo.sysfi.local "$DEMO_PASSWORD" "$TMP/user.jar" 192.0.2.10)"
HISTORY_TOKEN="$(sign_in mira@demo.sysfi.local "$DEMO_PASSWORD" "$TMP/history.jar" 192.0.2.11)"
ADMIN_TOKEN="$(sign_in "$ADMIN_EMAIL" "$ADMIN_PASSWORD" "$TMP/admin.jar" 192.0.2.12)"
USER_COOKIE="better-auth.session_token=$USER_TOKEN"
HISTORY_COOKIE="better-auth.session_token=$HISTORY_TOKEN"
ADMIN_COOKIE="better-auth.session_token=$ADMIN_TOKEN"

USER_ID="$(curl -fsS -b "$USER_COOKIE" "$BASE/api/me" | jq -r '.user.uid')"
GRANT_ID="$(curl -fsS -b "$USER_COOKIE" "$BASE/api/grants?scope=mine" | jq -r '[.grants[] | select(.mine)][0].id')"
CURSOR_Q="2100-01-01T00%3A00%3A00.000Z%7Cffffffffffffffffffffffff"
[[ -n "$USER_ID" && "$GRANT_ID" != null ]] || { echo "The demo seed has no grant for ada." >&2; exit 1; }

# The sign-in limit from a single client IP: the 11th wrong password within a minute is refused.
rate_codes=()
for _ in $(seq 1 11); do
  rate_codes+=("$(curl -sS -o /dev/null -w '%{http_code}' -H 'content-type: application/json' -H "origin: $BASE" \
    -H 'x-forwarded-for: 203.0.113.77' --data '{"email":"ada@demo.sysfi.local","password":"not-the-password"}' \
    "$BASE/api/account/sign-in")")
done
RATE_LIMIT_LINE="11 wrong sign-ins from one IP answered: ${rate_codes[*]}"
[[ "${rate_codes[10]}" == 429 ]] && RATE_LIMIT_LINE+=" (limit enforced)" || RATE_LIMIT_LINE+=" (EXPECTED 429 LAST)"
log "$RATE_LIMIT_LINE"

# ── 4. sqlmap ───────────────────────────────────────────────────────────────
SQLMAP_VERSION="$(sqlmap --version 2>/dev/null | head -n 1)"
SQLMAP_ROWS=()
SQLMAP_FOUND=0
SQLMAP_TARGETS=0
sqlmap_started=$SECONDS

# run_sqlmap NAME COOKIE DESCRIPTION sqlmap-args...
run_sqlmap() {
  local name="$1" cookie="$2" desc="$3"
  shift 3
  local dir="$OUT/sqlmap/$name" rc=0 t0=$SECONDS verdict codes
  mkdir -p "$dir"
  local args=(--batch --flush-session --disable-coloring --output-dir="$dir" --level=2 --risk=1
    --threads=1 --dbms=PostgreSQL --tamper=xforwardedfor --drop-set-cookie --timeout=15 --retries=1
    --answers="skip those kind=N" --headers="Origin: $BASE")
  [[ -n "$cookie" ]] && args+=(--cookie="$cookie")
  log "sqlmap: $desc"
  timeout --kill-after=10 "$SQLMAP_TIMEOUT" sqlmap "${args[@]}" "$@" >"$dir/stdout.txt" 2>&1 || rc=$?
  if grep -q 'identified the following injection point' "$dir/stdout.txt"; then
    verdict="INJECTABLE"
    SQLMAP_FOUND=$((SQLMAP_FOUND + 1))
  elif grep -q 'do not appear to be injectable' "$dir/stdout.txt"; then
    verdict="not injectable"
  elif ((rc == 124 || rc == 137)); then
    verdict="TIMEOUT"
  else
    verdict="ERROR (rc $rc)"
  fi
  codes="$(sed -n '/HTTP error codes detected during run/{n;p}' "$dir/stdout.txt" | sed -E 's/ \([^)]*\)//g; s/ - / x/g; s/ times//g' | paste -sd ',' -)"
  SQLMAP_TARGETS=$((SQLMAP_TARGETS + 1))
  SQLMAP_ROWS+=("$(printf '  %-58s %-16s %-18s %4ss' "$desc" "$verdict" "${codes:-none}" "$((SECONDS - t0))")")
}

run_sqlmap sign-in "" "POST /api/account/sign-in JSON email,password" \
  -u "$BASE/api/account/sign-in" --data '{"email":"ada@demo.sysfi.local","password":"wrong-password"}' \
  -p email,password --ignore-code=401
run_sqlmap sign-up "" "POST /api/account/sign-up JSON displayName,ref" \
  -u "$BASE/api/account/sign-up" \
  --data "{\"email\":\"ada@demo.sysfi.local\",\"displayName\":\"Scan Probe\",\"password\":\"sysfi-scan\",\"confirmPassword\":\"sysfi-scan\",\"ref\":\"$USER_ID\"}" \
  -p displayName,ref
run_sqlmap forgot-password "" "POST /api/account/forgot-password JSON email" \
  -u "$BASE/api/account/forgot-password" --data '{"email":"nobody@scan.sysfi.local"}' -p email
run_sqlmap projects "$USER_COOKIE" "GET /api/projects?filter=" \
  -u "$BASE/api/projects?filter=all" -p filter
run_sqlmap bounties "$USER_COOKIE" "GET /api/bounties?q=&filter=&from=" \
  -u "$BASE/api/bounties?q=Spanish&filter=all&from=2000-01-01T00%3A00%3A00Z" -p q,filter,from
run_sqlmap admin-contributions "$ADMIN_COOKIE" "GET /api/admin/contributions?q=&type= (admin)" \
  -u "$BASE/api/admin/contributions?q=Lisbon&type=tweet" -p q,type
run_sqlmap admin-grants "$ADMIN_COOKIE" "GET /api/admin/grants?status= (admin)" \
  -u "$BASE/api/admin/grants?status=pending" -p status
run_sqlmap history "$HISTORY_COOKIE" "GET /api/contributions/history?cursor=" \
  -u "$BASE/api/contributions/history?cursor=$CURSOR_Q" -p cursor
run_sqlmap contributions-me "$USER_COOKIE" "GET /api/contributions/me?tz=" \
  -u "$BASE/api/contributions/me?tz=UTC" -p tz
run_sqlmap grants "$USER_COOKIE" "GET /api/grants?scope=" \
  -u "$BASE/api/grants?scope=mine" -p scope
run_sqlmap grant-path "$USER_COOKIE" "GET /api/grants/{id} (path)" \
  -u "$BASE/api/grants/$GRANT_ID*"
run_sqlmap profile "$USER_COOKIE" "PATCH /api/profile JSON bio,website,handles" \
  -u "$BASE/api/profile" --method=PATCH \
  --data '{"bio":"Security scan bio","personalWebsite":"https://example.org","twitterHandle":"sysfi","githubHandle":"sysfi"}' \
  -p bio,personalWebsite,twitterHandle,githubHandle
run_sqlmap session-cookie "$USER_COOKIE" "GET /api/me cookie better-auth.session_token" \
  -u "$BASE/api/me" -p better-auth.session_token --ignore-code=401
run_sqlmap verify-email "" "GET /api/auth/verify-email?token=&callbackURL=" \
  -u "$BASE/api/auth/verify-email?token=abc&callbackURL=%2Fverified" -p token,callbackURL --ignore-code=401
SQLMAP_SECS=$((SECONDS - sqlmap_started))

# ── 5. wapiti ───────────────────────────────────────────────────────────────
WAPITI_VERSION="$(wapiti --version 2>/dev/null | grep -Eo 'Wapiti[- ][0-9.]+' | tail -n 1)"
jq -n --arg v "$USER_TOKEN" \
  '{"127.0.0.1": {"/": {"better-auth.session_token": {value: $v, expires: null, secure: false, port: null, version: 0}}}}' \
  >"$TMP/wapiti-cookies.json"
START_URLS=(
  "/api/openapi.json" "/api/docs" "/api/health" "/api/config" "/api/session" "/api/me" "/api/me/points"
  "/api/leaderboard" "/api/leaderboard/me" "/api/dashboard" "/api/projects?filter=all"
  "/api/bounties?q=Spanish&filter=all" "/api/grants?scope=mine" "/api/grants/$GRANT_ID" "/api/resources"
  "/api/contributions/me?tz=UTC" "/api/contributions/history?cursor=$CURSOR_Q"
  "/api/project-applications/mine" "/api/bounty-applications/mine"
  "/api/auth/verify-email?token=abc&callbackURL=%2Fverified"
  "/api/auth/reset-password/abc?callbackURL=%2Freset-password"
  "/login" "/bounties" "/uploads/none.png"
)
wapiti_args=(-u "$BASE/" --scope folder -c "$TMP/wapiti-cookies.json" -m "$WAPITI_MODULES"
  -d 3 --max-links-per-page 50 --max-scan-time "$WAPITI_MAX_SCAN_TIME" --max-attack-time "$WAPITI_MAX_ATTACK_TIME"
  -t 10 --flush-session --store-session "$TMP/wapiti-session" --store-config "$TMP/wapiti-config"
  --no-bugreport -v 1 -f json -o "$OUT/wapiti.json")
for u in "${START_URLS[@]}"; do wapiti_args+=(-s "$BASE$u"); done
log "wapiti: $WAPITI_MODULES"
wapiti_started=$SECONDS
WAPITI_RC=0
timeout --kill-after=10 "$WAPITI_TIMEOUT" wapiti "${wapiti_args[@]}" >"$OUT/wapiti.txt" 2>&1 || WAPITI_RC=$?
WAPITI_SECS=$((SECONDS - wapiti_started))

# ── 6. the server's side ────────────────────────────────────────────────────
sleep 1
SERVER_5XX="$(grep -E '^\{' "$OUT/app.log" | jq -r 'select(.msg == "request" and .status >= 500) | "\(.method) \(.path) \(.status)"' 2>/dev/null | sort | uniq -c | sort -rn || true)"
SERVER_5XX_COUNT="$(printf '%s\n' "$SERVER_5XX" | awk '{ n += $1 } END { print n + 0 }')"
REQUESTS="$(grep -E '^\{' "$OUT/app.log" | jq -r 'select(.msg == "request") | .status' 2>/dev/null | wc -l)"

# ── 7. summary ──────────────────────────────────────────────────────────────
SUMMARY="$OUT/summary.txt"
INJECTION_CLASSES='["SQL Injection","Blind SQL Injection","Cross Site Scripting","Command execution","Path Traversal","CRLF Injection","Open Redirect","XML External Entity","Server Side Request Forgery"]'
{
  echo "Sysfi Labs security scan, $(date -u '+%Y-%m-%d %H:%M UTC')"
  echo "machine: $(uname -srm), $(nproc) cores; commit $(git rev-parse --short HEAD 2>/dev/null || echo '?')$(git diff --quiet HEAD -- src 2>/dev/null || echo ' (src modified)')"
  echo "tools:   sqlmap $SQLMAP_VERSION; $WAPITI_VERSION; node $("$NODE" --version)"
  echo "target:  $BASE (scripts/demo.ts seed, PGlite in a temporary DATA_DIR, TRUST_PROXY=true)"
  echo "users:   ada@demo.sysfi.local (approved startup), mira@demo.sysfi.local (history cursor), $ADMIN_EMAIL (admin)"
  echo
  echo "Rate limit: $RATE_LIMIT_LINE"
  echo
  echo "sqlmap ($SQLMAP_TARGETS targets, ${SQLMAP_SECS}s; --batch --level=2 --risk=1 --threads=1 --dbms=PostgreSQL --tamper=xforwardedfor)"
  printf '  %-58s %-16s %-18s %5s\n' "target" "result" "HTTP errors" "time"
  printf '%s\n' "${SQLMAP_ROWS[@]}"
  echo "  injection points found: $SQLMAP_FOUND"
  echo
  echo "wapiti (${WAPITI_SECS}s, exit $WAPITI_RC; -d 3, crawl ${WAPITI_MAX_SCAN_TIME}s, ${WAPITI_MAX_ATTACK_TIME}s per module, cookie of ada)"
  echo "  modules: $WAPITI_MODULES"
  echo "  $(grep -Eo 'Wapiti found [0-9]+ URLs and forms' "$OUT/wapiti.txt" || echo 'crawl result unknown')"
  if [[ -s "$OUT/wapiti.json" ]]; then
    jq -r '
      def lv: {"4": "critical", "3": "high", "2": "medium", "1": "low", "0": "info"}[tostring] // "level \(.)";
      [["vulnerabilities", "vulnerability"], ["anomalies", "anomaly"], ["additionals", "additional"]][] as [$kind, $title]
      | .[$kind] // {} | to_entries[] | select(.value | length > 0)
      | "  \($title): \(.key): \(.value | length) [\(.value | map(.level | lv) | group_by(.) | map("\(length) \(.[0])") | join(", "))]",
        (.value[0:6][] | "      \(.method) \(.path)\(if (.parameter // "") != "" then " (" + .parameter + ")" else "" end): \(.info | gsub("\n"; " ") | .[0:140])"),
        (if (.value | length) > 6 then "      … and \(.value | length - 6) more (wapiti.json)" else empty end)
    ' "$OUT/wapiti.json"
    echo "  totals: $(jq -r '"\([.vulnerabilities[] | length] | add // 0) vulnerabilities, \([.anomalies[] | length] | add // 0) anomalies"' "$OUT/wapiti.json")"
  else
    echo "  no report was written (see wapiti.txt)"
  fi
  echo
  echo "Server: $REQUESTS API requests logged; 5xx answers: $SERVER_5XX_COUNT"
  [[ -n "$SERVER_5XX" ]] && printf '%s\n' "$SERVER_5XX" | sed 's/^/  /'
  echo
  echo "Raw output: ${OUT#"$ROOT"/}/ (sqlmap/<target>/stdout.txt, wapiti.json, wapiti.txt, app.log)"
} >"$SUMMARY"
cp "$SUMMARY" "$ROOT/security-reports/latest.txt"
cat "$SUMMARY"

WAPITI_SERIOUS=0
[[ -s "$OUT/wapiti.json" ]] && WAPITI_SERIOUS="$(jq --argjson c "$INJECTION_CLASSES" '[.vulnerabilities | to_entries[] | select(.key as $k | $c | index($k)) | .value | length] | add // 0' "$OUT/wapiti.json")"
if ((SQLMAP_FOUND > 0 || WAPITI_SERIOUS > 0 || SERVER_5XX_COUNT > 0)); then
  log "FINDINGS: $SQLMAP_FOUND injection point(s), $WAPITI_SERIOUS injection-class wapiti finding(s), $SERVER_5XX_COUNT 5xx answer(s)"
  exit 2
fi
log "no injection found and no 5xx answers"
