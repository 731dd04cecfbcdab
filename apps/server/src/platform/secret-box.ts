import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Secrets the server must read back, kept sealed in the database: the TOTP secrets of two-factor
 * sign-in and the credentials sent to integrations. What only has to be recognised (passwords,
 * session and invitation tokens, API keys, backup codes) is hashed instead, never sealed.
 *
 * A sealed value is `sealed:v1:` and base64url of a 12-byte nonce, the AES-256-GCM ciphertext and
 * its 16-byte tag. The cipher authenticates a context naming the value's place (`user:<id>:totp`,
 * say), so a sealed value copied onto another row does not open there. A dump of the database, a
 * backup or a replica without the server's key shows none of these secrets.
 */
const SEALED = 'sealed:v1:';
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
/** The key file's name in DATA_DIR when SECRETS_KEY is not set. */
export const SECRETS_KEY_FILE = 'secrets.key';

let key: Buffer | undefined;

/** Sets the key every later {@link sealSecret} and {@link openSecret} uses (the server does at start). */
export function useSecretsKey(secretsKey: Buffer): void {
  if (secretsKey.length !== 32) throw new Error('The secrets key must be 32 bytes.');
  key = secretsKey;
}

/**
 * The key in use. A process that configured none (a test run, a tool) seals with a key of its own,
 * made on first use and gone when it ends; the server configures one before it serves (`main.ts`).
 */
function currentKey(): Buffer {
  key ??= randomBytes(32);
  return key;
}

/** `plain`, sealed for the place `context` names. */
export function sealSecret(plain: string, context: string): string {
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv('aes-256-gcm', currentKey(), nonce);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return SEALED + Buffer.concat([nonce, body, cipher.getAuthTag()]).toString('base64url');
}

/**
 * The secret a stored value holds. A value stored before secrets were sealed is returned as it is
 * (it is sealed when next written). Throws when the value was sealed under another key or for
 * another place, or was altered.
 */
export function openSecret(stored: string, context: string): string {
  if (!stored.startsWith(SEALED)) return stored;
  const raw = Buffer.from(stored.slice(SEALED.length), 'base64url');
  if (raw.length < NONCE_BYTES + TAG_BYTES) throw new Error('A sealed secret is truncated.');
  const decipher = createDecipheriv('aes-256-gcm', currentKey(), raw.subarray(0, NONCE_BYTES));
  decipher.setAAD(Buffer.from(context, 'utf8'));
  decipher.setAuthTag(raw.subarray(raw.length - TAG_BYTES));
  try {
    return Buffer.concat([decipher.update(raw.subarray(NONCE_BYTES, raw.length - TAG_BYTES)), decipher.final()]).toString('utf8');
  } catch {
    throw new Error("A sealed secret does not open with this server's key (SECRETS_KEY, or secrets.key in DATA_DIR).");
  }
}

/** A SECRETS_KEY value as 32 bytes: 64 hexadecimal digits, or base64 (or base64url) of 32 bytes; null when it is neither. */
export function parseSecretsKey(text: string): Buffer | null {
  const value = text.trim();
  if (/^[0-9a-f]{64}$/i.test(value)) return Buffer.from(value, 'hex');
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(value)) {
    const bytes = Buffer.from(value.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    if (bytes.length === 32) return bytes;
  }
  return null;
}

/**
 * The server's key: SECRETS_KEY when it is set, else the key in `<dataDir>/secrets.key`, made
 * (random, readable by its owner only) on the first start. Every instance of one database needs the
 * same key: with several, set SECRETS_KEY on all of them.
 */
export function loadSecretsKey(setting: Buffer | undefined, dataDir: string): { key: Buffer; source: 'SECRETS_KEY' | 'file'; file?: string } {
  if (setting) return { key: setting, source: 'SECRETS_KEY' };
  const file = join(dataDir, SECRETS_KEY_FILE);
  if (!existsSync(file)) {
    try {
      mkdirSync(dataDir, { recursive: true });
      // `wx`: two servers starting at once never overwrite each other's key.
      writeFileSync(file, `${randomBytes(32).toString('hex')}\n`, { flag: 'wx', mode: 0o600 });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST')
        throw new Error(`Cannot make the secrets key ${file} (${(err as Error).message}). Set SECRETS_KEY, or let the server write to DATA_DIR.`);
    }
  }
  const fromFile = parseSecretsKey(readFileSync(file, 'utf8'));
  if (!fromFile) throw new Error(`${file} does not hold a key (64 hexadecimal digits). Restore it from a backup, or set SECRETS_KEY.`);
  return { key: fromFile, source: 'file', file };
}
