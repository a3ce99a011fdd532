/**
 * The webhook receivers of the API docs page, as pure functions (no zod: the browser bundles them). Each
 * program is a small HTTP server that checks the Standard Webhooks signature of every delivery (HMAC-SHA256
 * of `id.timestamp.body` keyed with the base64 part of the `whsec_` secret, any of the space-separated
 * `v1,` entries may match, the timestamp within five minutes) and prints the events it accepts. A test
 * runs both against deliveries signed by the server's own signing code, so the docs cannot show a
 * verifier that does not verify.
 */

export interface WebhookExampleOptions {
  /** The account's signing secret; the docs page shows a placeholder. */
  secret: string;
}

/** What the docs show instead of a real signing secret. */
export const WEBHOOK_SECRET_PLACEHOLDER = 'whsec_YOUR_SIGNING_SECRET';

/** How far (seconds) a delivery's timestamp may be from the receiver's clock: replayed requests are refused. */
export const WEBHOOK_TOLERANCE_SECONDS = 5 * 60;

/** A single-quoted JavaScript string. */
function jsString(value: string): string {
  return `'${JSON.stringify(value).slice(1, -1).replace(/\\"/g, '"').replace(/'/g, "\\'")}'`;
}

/**
 * JavaScript (Node 18+, run as an ES module) with node:crypto and node:http only. It listens on `PORT`
 * (8000 by default) and answers 204 to a verified delivery, 400 otherwise.
 */
export function javascriptWebhookExample({ secret }: WebhookExampleOptions): string {
  return `import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';

const SECRET = process.env.KALEIDO_WEBHOOK_SECRET ?? ${jsString(secret)};
const TOLERANCE_SECONDS = ${WEBHOOK_TOLERANCE_SECONDS};

// Returns the event when the signature is valid, throws otherwise. \`body\` is the raw request body.
function verifyWebhook(secret, headers, body) {
  const id = headers['webhook-id'];
  const timestamp = headers['webhook-timestamp'];
  const signatures = headers['webhook-signature'];
  if (!id || !timestamp || !signatures) throw new Error('Missing webhook headers');
  const age = Math.abs(Date.now() / 1000 - Number(timestamp));
  if (!(age <= TOLERANCE_SECONDS)) throw new Error('Timestamp too old or too new');
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key)
    .update(Buffer.concat([Buffer.from(\`\${id}.\${timestamp}.\`), body]))
    .digest();
  // While a secret is being rotated, deliveries carry one signature per secret, space-separated.
  const valid = signatures.split(' ').some((entry) => {
    const [version, signature = ''] = entry.split(',');
    const given = Buffer.from(signature, 'base64');
    return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!valid) throw new Error('Invalid signature');
  return JSON.parse(body.toString('utf8'));
}

const server = createServer((request, response) => {
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', () => {
    let event;
    try {
      event = verifyWebhook(SECRET, request.headers, Buffer.concat(chunks));
    } catch (error) {
      console.error(\`Refused: \${error.message}\`);
      response.writeHead(400).end();
      return;
    }
    // Answer quickly (within 10 s); do slow work after answering. The id is the same on every retry.
    response.writeHead(204).end();
    console.log(request.headers['webhook-id'], event.type, JSON.stringify(event.data));
  });
});
server.listen(Number(process.env.PORT ?? 8000), () => {
  console.log(\`Listening on http://localhost:\${server.address().port}\`);
});
`;
}

/**
 * Python 3.9+ with the standard library only (hmac, hashlib, http.server). It listens on `PORT` (8000 by
 * default) and answers 204 to a verified delivery, 400 otherwise.
 */
export function pythonWebhookExample({ secret }: WebhookExampleOptions): string {
  return `import base64
import hashlib
import hmac
import json
import os
import sys
import time
from http.server import BaseHTTPRequestHandler, HTTPServer

SECRET = os.environ.get("KALEIDO_WEBHOOK_SECRET", ${JSON.stringify(secret)})
TOLERANCE_SECONDS = ${WEBHOOK_TOLERANCE_SECONDS}


def verify_webhook(secret, headers, body):
    """Returns the event when the signature is valid, raises ValueError otherwise. body: the raw bytes."""
    webhook_id = headers.get("webhook-id")
    timestamp = headers.get("webhook-timestamp")
    signatures = headers.get("webhook-signature")
    if not webhook_id or not timestamp or not signatures:
        raise ValueError("Missing webhook headers")
    if abs(time.time() - int(timestamp)) > TOLERANCE_SECONDS:
        raise ValueError("Timestamp too old or too new")
    key = base64.b64decode(secret.removeprefix("whsec_"))
    signed = f"{webhook_id}.{timestamp}.".encode() + body
    expected = base64.b64encode(hmac.new(key, signed, hashlib.sha256).digest()).decode()
    # While a secret is being rotated, deliveries carry one signature per secret, space-separated.
    for entry in signatures.split(" "):
        version, _, signature = entry.partition(",")
        if version == "v1" and hmac.compare_digest(signature, expected):
            return json.loads(body)
    raise ValueError("Invalid signature")


class WebhookHandler(BaseHTTPRequestHandler):
    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
        try:
            event = verify_webhook(SECRET, self.headers, body)
        except ValueError as error:
            print(f"Refused: {error}", file=sys.stderr, flush=True)
            self.send_response(400)
            self.end_headers()
            return
        # Answer quickly (within 10 s); do slow work after answering. The id is the same on every retry.
        self.send_response(204)
        self.end_headers()
        print(self.headers["webhook-id"], event["type"], json.dumps(event["data"]), flush=True)

    def log_message(self, format, *args):
        pass


server = HTTPServer(("", int(os.environ.get("PORT", "8000"))), WebhookHandler)
print(f"Listening on http://localhost:{server.server_port}", flush=True)
server.serve_forever()
`;
}
