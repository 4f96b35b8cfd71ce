import { DEMO } from './demo-tenant';
import type { SimPlatform } from '../simulators';

/** How the banner names each simulator (a new simulator does not compile until it has a name here). */
const SIM_NAMES: Record<SimPlatform, string> = { facebook: 'Meta', tiktok: 'TikTok', google: 'Google', linkedin: 'LinkedIn' };

/** The copy-paste walk-through the sandbox prints. Every step uses only the public API. */
export function walkthrough(o: { base: string; apiKey: string; tenantId: string; sims: Record<SimPlatform, string>; pid: number }): string {
  const B = o.base;
  const sims = (Object.keys(SIM_NAMES) as SimPlatform[]).map((p) => `${SIM_NAMES[p]} ${o.sims[p]}`).join(' · ');
  return `
Ads Accounts Gateway sandbox is running.

  Gateway      ${B}   (docs: ${B}/docs, OpenAPI: ${B}/api/v1/openapi.json)
  Demo tenant  ${o.tenantId}
  API key      ${o.apiKey}     (shown once per start; the previous one keeps working for 24 h)
  Simulators   ${sims}
  Stop         Ctrl-C, or kill ${o.pid}   (one process: the gateway, worker, simulators, receiver and mail catcher all stop)

Walk-through (bash; needs curl and jq):

  export BASE=${B} KEY=${o.apiKey}

  # 1. An access token for one of your users (created on first use)
  TOKEN=$(curl -s -X POST $BASE/api/v1/auth/token -H "x-api-key: $KEY" -H 'content-type: application/json' \\
    -d '{"externalUserId":"demo-user"}' | jq -r .data.accessToken)

  # 2. Connect TikTok: get the authorize URL, then follow the redirects as the user's browser would
  URL=$(curl -s -X POST $BASE/api/v1/connections/tiktok/auth-url -H "Authorization: Bearer $TOKEN" \\
    -H 'content-type: application/json' -d '{"redirectUri":"'$BASE'/connection-result"}' | jq -r .data.url)
  curl -s -o /dev/null -L -w '%{url_effective}\\n' "$URL"      # ends on …/connection-result?status=success&platform=tiktok&connectionId=…

  # 3. Activate an ad account the simulator's user "alice" owns
  curl -s -X POST $BASE/api/v1/connections/tiktok/activate -H "Authorization: Bearer $TOKEN" \\
    -H 'content-type: application/json' -d '{"adAccountId":"7000000000000000011"}' | jq .data

  # 4. Read assets (campaigns; try level=adgroup or ad)
  curl -s "$BASE/api/v1/tiktok/assets?adAccountId=7000000000000000011&level=campaign&pageSize=5" \\
    -H "Authorization: Bearer $TOKEN" | jq .data

  # 5. Google: connect the same way, activate, then run GAQL (raw, then structured)
  URL=$(curl -s -X POST $BASE/api/v1/connections/google/auth-url -H "Authorization: Bearer $TOKEN" \\
    -H 'content-type: application/json' -d '{"redirectUri":"'$BASE'/connection-result"}' | jq -r .data.url)
  curl -s -o /dev/null -L "$URL"
  curl -s -X POST $BASE/api/v1/connections/google/activate -H "Authorization: Bearer $TOKEN" \\
    -H 'content-type: application/json' -d '{"adAccountId":"100-000-0001"}' | jq .data
  curl -s -G $BASE/api/v1/google/gaql -H "Authorization: Bearer $TOKEN" --data-urlencode adAccountId=1000000001 \\
    --data-urlencode "query=SELECT campaign.id, campaign.name, metrics.clicks FROM campaign WHERE segments.date DURING LAST_7_DAYS" | jq .data
  curl -s -G $BASE/api/v1/google/gaql -H "Authorization: Bearer $TOKEN" --data-urlencode adAccountId=1000000001 \\
    --data-urlencode resource=campaign --data-urlencode fields=campaign.id,campaign.name,metrics.impressions \\
    --data-urlencode dateRange=LAST_30_DAYS | jq .data.gaqlQuery

  # 6. Meta: connect, activate, read campaigns, then create a traffic campaign (runs as a job; PAUSED by default)
  URL=$(curl -s -X POST $BASE/api/v1/connections/facebook/auth-url -H "Authorization: Bearer $TOKEN" \\
    -H 'content-type: application/json' -d '{"redirectUri":"'$BASE'/connection-result"}' | jq -r .data.url)
  curl -s -o /dev/null -L "$URL"
  ACT=$(curl -s $BASE/api/v1/connections -H "Authorization: Bearer $TOKEN" | jq -r '[.data.items[] | select(.platform=="facebook") | .adAccounts[0].adAccountId][0]')
  curl -s -X POST $BASE/api/v1/connections/facebook/activate -H "Authorization: Bearer $TOKEN" \\
    -H 'content-type: application/json' -d '{"adAccountId":"'$ACT'"}' | jq .data
  curl -s "$BASE/api/v1/facebook/campaigns?adAccountId=$ACT&limit=3" -H "Authorization: Bearer $TOKEN" | jq .data
  curl -s -X POST $BASE/api/v1/facebook/campaigns/traffic -H "Authorization: Bearer $TOKEN" -H 'content-type: application/json' \\
    -H "Idempotency-Key: demo-1" -d '{"adAccountId":"'$ACT'","name":"Sandbox traffic","special_ad_categories":[],"daily_budget":1000}' | jq .data

  # 7. LinkedIn: connect and activate, then import the whole ad account in the background
  URL=$(curl -s -X POST $BASE/api/v1/connections/linkedin/auth-url -H "Authorization: Bearer $TOKEN" \\
    -H 'content-type: application/json' -d '{"redirectUri":"'$BASE'/connection-result"}' | jq -r .data.url)
  curl -s -o /dev/null -L "$URL"
  curl -s -X POST $BASE/api/v1/connections/linkedin/activate -H "Authorization: Bearer $TOKEN" \\
    -H 'content-type: application/json' -d '{"adAccountId":"508000001"}' | jq .data
  #    Prefer: respond-async answers 202 at once, naming the job (jobId, pollUrl)
  JOB=$(curl -s -X POST $BASE/api/v1/linkedin/import-ad-account -H "Authorization: Bearer $TOKEN" -H 'Prefer: respond-async' \\
    -H 'Idempotency-Key: demo-import-1' -H 'content-type: application/json' -d '{"adAccountId":"508000001"}' | jq -r .jobId)
  #    Poll the job (GET pollUrl): state goes queued → active → completed; progress counts records and pages per level
  for i in $(seq 60); do
    VIEW=$(curl -s $BASE/api/v1/jobs/$JOB -H "Authorization: Bearer $TOKEN")
    echo "$VIEW" | jq -c '.data | {state, progress}'
    case $(echo "$VIEW" | jq -r .data.state) in completed|failed) break;; esac
    sleep 1
  done
  curl -s $BASE/api/v1/jobs/$JOB -H "Authorization: Bearer $TOKEN" | jq '.data | {state, result}'
  #    What it imported, page by page (level=campaign, …; nextCursor pages on)
  curl -s "$BASE/api/v1/jobs/$JOB/entities?limit=3" -H "Authorization: Bearer $TOKEN" \\
    | jq '.data | {items: [.items[] | {level, platformId, name: .data.name}], nextCursor}'

  # 8. Invite a teammate. The sandbox catches outgoing mail and prints it above ("--- mail to …"):
  #    open its link in a browser, choose a name and a password.
  OWNER=$(curl -s -X POST $BASE/api/v1/tenant/auth/login -H 'content-type: application/json' \
    -d '{"email":"${DEMO.email}","password":"${DEMO.password}"}' | jq -r .data.accessToken)
  MATE=teammate-$RANDOM@sandbox.local
  curl -s -X POST $BASE/api/v1/tenant/invitations -H "Authorization: Bearer $OWNER" -H 'content-type: application/json' \
    -d '{"email":"'$MATE'","role":"member"}' | jq .data

  # 9. Once the teammate has an account, a forgotten password works the same way (the mail's link opens a page):
  #    curl -s -X POST $BASE/api/v1/tenant/auth/password/forgot -H 'content-type: application/json' -d '{"email":"'$MATE'"}'

  # 10. MCP: an AI agent acting for one of your users (docs/mcp.md). Endpoint $BASE/mcp (Streamable HTTP,
  #     stateless, POST only); credentials as in step 1 (Bearer $TOKEN, or x-api-key: $KEY with
  #     x-external-user-id: demo-user). With Node 22 or later, the MCP Inspector lists the tools:
  #     npx @modelcontextprotocol/inspector --cli $BASE/mcp --transport http --method tools/list --header "Authorization: Bearer $TOKEN"
  curl -s -X POST $BASE/mcp -H "Authorization: Bearer $TOKEN" -H 'content-type: application/json' \\
    -H 'accept: application/json, text/event-stream' \\
    -d '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"list_ad_accounts","arguments":{}}}' | jq .result.structuredContent

`;
}
