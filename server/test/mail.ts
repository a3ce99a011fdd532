import { readOutbox } from './factories.js';

/**
 * One e-mail of the outbox, decoded: header fields (lower-case names, unfolded, encoded words decoded),
 * text and HTML parts.
 */
export interface ParsedMail {
  raw: string;
  headers: Record<string, string>;
  text: string;
  html: string;
}

function decode(body: string, encoding: string | undefined): string {
  const value = body.trim();
  if (encoding === 'base64') return Buffer.from(value.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const unfolded = value.replace(/=\r?\n/g, '');
    const bytes: number[] = [];
    for (let i = 0; i < unfolded.length; i++) {
      const hex = unfolded.slice(i + 1, i + 3);
      if (unfolded[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
        bytes.push(Number.parseInt(hex, 16));
        i += 2;
      } else bytes.push(...Buffer.from(unfolded[i] ?? '', 'utf8'));
    }
    return Buffer.from(bytes).toString('utf8');
  }
  return value;
}

/** A header value as written: RFC 2047 encoded words (`=?UTF-8?Q?…?=`, `=?UTF-8?B?…?=`) decoded. */
function decodeWords(value: string): string {
  return value
    .replace(/(\?=)\s+(?==\?)/g, '$1')
    .replace(/=\?[^?]+\?([QqBb])\?([^?]*)\?=/g, (_word, encoding: string, data: string) => {
      if (encoding.toUpperCase() === 'B') return Buffer.from(data, 'base64').toString('utf8');
      const bytes: number[] = [];
      for (let i = 0; i < data.length; i++) {
        const hex = data.slice(i + 1, i + 3);
        if (data[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
          bytes.push(Number.parseInt(hex, 16));
          i += 2;
        } else bytes.push(...Buffer.from(data[i] === '_' ? ' ' : (data[i] ?? ''), 'utf8'));
      }
      return Buffer.from(bytes).toString('utf8');
    });
}

function splitHead(block: string): { headers: Record<string, string>; body: string } {
  const normalised = block.replace(/\r\n/g, '\n');
  const end = normalised.indexOf('\n\n');
  const head = (end === -1 ? normalised : normalised.slice(0, end)).replace(/\n[ \t]+/g, ' ');
  const headers: Record<string, string> = {};
  for (const line of head.split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers[line.slice(0, colon).trim().toLowerCase()] = decodeWords(line.slice(colon + 1).trim());
  }
  return { headers, body: end === -1 ? '' : normalised.slice(end + 2) };
}

/** Parses a (possibly multipart/alternative) message as nodemailer writes it. */
export function parseMail(raw: string): ParsedMail {
  const { headers, body } = splitHead(raw);
  const parsed: ParsedMail = { raw, headers, text: '', html: '' };
  const boundary = /boundary="?([^";]+)"?/.exec(headers['content-type'] ?? '')?.[1];
  const parts = boundary
    ? body
        .split(`--${boundary}`)
        .slice(1, -1)
        .map((part) => splitHead(part.replace(/^\n/, '')))
    : [{ headers, body }];
  for (const part of parts) {
    const type = part.headers['content-type'] ?? 'text/plain';
    const content = decode(part.body, part.headers['content-transfer-encoding']);
    if (type.startsWith('text/html')) parsed.html = content;
    else if (type.startsWith('text/plain')) parsed.text = content;
  }
  return parsed;
}

/** Every e-mail of the outbox once the app has sent what it started, oldest first. */
export async function sentMail(
  app: { mail: { idle(): Promise<void> } },
  dataDir: string,
): Promise<ParsedMail[]> {
  await app.mail.idle();
  return (await readOutbox(dataDir)).map(parseMail);
}
