import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { SECRETS_KEY_FILE, loadSecretsKey, openSecret, parseSecretsKey, sealSecret, useSecretsKey } from './secret-box.js';

describe('sealed secrets', () => {
  it('open for the place they were sealed for, and only there', () => {
    const sealed = sealSecret('JBSWY3DPEHPK3PXP', 'user:u1:totp');
    expect(sealed).toMatch(/^sealed:v1:[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(openSecret(sealed, 'user:u1:totp')).toBe('JBSWY3DPEHPK3PXP');
    expect(() => openSecret(sealed, 'user:u2:totp')).toThrow(/does not open/);
  });

  it('differ each time the same secret is sealed (a fresh nonce)', () => {
    expect(sealSecret('same', 'place')).not.toBe(sealSecret('same', 'place'));
  });

  it('refuse an altered or truncated value', () => {
    const sealed = sealSecret('token-value', 'place');
    const raw = Buffer.from(sealed.slice('sealed:v1:'.length), 'base64url');
    raw[14] ^= 1;
    expect(() => openSecret(`sealed:v1:${raw.toString('base64url')}`, 'place')).toThrow(/does not open/);
    expect(() => openSecret('sealed:v1:AAAA', 'place')).toThrow(/truncated/);
  });

  it('do not open under another key', () => {
    const first = randomBytes(32);
    useSecretsKey(first);
    const sealed = sealSecret('token-value', 'place');
    useSecretsKey(randomBytes(32));
    expect(() => openSecret(sealed, 'place')).toThrow(/SECRETS_KEY/);
    useSecretsKey(first);
    expect(openSecret(sealed, 'place')).toBe('token-value');
  });

  it('a value stored before sealing is read as it is', () => {
    expect(openSecret('JBSWY3DPEHPK3PXP', 'user:u1:totp')).toBe('JBSWY3DPEHPK3PXP');
  });
});

describe('the secrets key', () => {
  const hex = 'ab'.repeat(32);

  it('SECRETS_KEY is 64 hexadecimal digits or base64 of 32 bytes; anything else is refused at start', () => {
    expect(parseSecretsKey(hex)).toEqual(Buffer.alloc(32, 0xab));
    expect(parseSecretsKey(Buffer.alloc(32, 7).toString('base64'))).toEqual(Buffer.alloc(32, 7));
    expect(parseSecretsKey(Buffer.alloc(32, 7).toString('base64url'))).toEqual(Buffer.alloc(32, 7));
    expect(parseSecretsKey('too-short')).toBeNull();
    expect(parseSecretsKey('ab'.repeat(31))).toBeNull();
    expect(loadConfig({ SECRETS_KEY: hex }).SECRETS_KEY).toEqual(Buffer.alloc(32, 0xab));
    expect(loadConfig({}).SECRETS_KEY).toBeUndefined();
    expect(() => loadConfig({ SECRETS_KEY: 'password' })).toThrow(/SECRETS_KEY must be 32 bytes/);
  });

  it('without SECRETS_KEY, is made once in DATA_DIR, readable by its owner only, and kept across starts', () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'secrets-')), 'data');
    const first = loadSecretsKey(undefined, dataDir);
    expect(first.source).toBe('file');
    expect(first.key).toHaveLength(32);
    const file = join(dataDir, SECRETS_KEY_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadSecretsKey(undefined, dataDir).key).toEqual(first.key);
    expect(readFileSync(file, 'utf8').trim()).toBe(first.key.toString('hex'));
  });

  it('SECRETS_KEY wins over the file; a damaged file is an error naming it', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'secrets-'));
    expect(loadSecretsKey(Buffer.alloc(32, 1), dataDir)).toEqual({ key: Buffer.alloc(32, 1), source: 'SECRETS_KEY' });
    writeFileSync(join(dataDir, SECRETS_KEY_FILE), 'not a key\n');
    expect(() => loadSecretsKey(undefined, dataDir)).toThrow(new RegExp(`${SECRETS_KEY_FILE} does not hold a key`));
  });
});
