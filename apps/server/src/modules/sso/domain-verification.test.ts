import { createSocket, type Socket } from 'node:dgram';
import type { AddressInfo } from 'node:net';
import { decode, encode, type Question } from 'dns-packet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { systemTxtResolver, txtResolverFor } from './domain-verification.service.js';

/** RFC 1035's "name error": the name does not exist. */
const NXDOMAIN = 3;

/** A DNS server on loopback that answers TXT questions from `records`, and "no such name" otherwise. */
async function standInDns(records: Map<string, string[][]>, asked: Question[]): Promise<Socket> {
  const socket = createSocket('udp4');
  socket.on('message', (message, peer) => {
    const query = decode(message);
    const question = query.questions![0];
    asked.push(question);
    const found = question.type === 'TXT' ? records.get(question.name.toLowerCase()) : undefined;
    const reply = encode({
      id: query.id,
      type: 'response',
      flags: (query.flags ?? 0) | (found ? 0 : NXDOMAIN),
      questions: [question],
      answers: (found ?? []).map((data) => ({ type: 'TXT' as const, name: question.name, ttl: 60, data })),
    });
    socket.send(reply, peer.port, peer.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  return socket;
}

describe('txtResolverFor (DNS_SERVERS)', () => {
  const records = new Map([['hospital.test', [['clinicflow-verification=token-1'], ['v=spf1 ', '-all']]]]);
  const asked: Question[] = [];
  let dns: Socket;
  let silent: Socket;
  const at = (socket: Socket) => `127.0.0.1:${(socket.address() as AddressInfo).port}`;

  beforeAll(async () => {
    dns = await standInDns(records, asked);
    // A resolver that never answers: the next one named must be asked in its place.
    silent = createSocket('udp4');
    await new Promise<void>((resolve) => silent.bind(0, '127.0.0.1', resolve));
  });
  afterAll(() => {
    dns.close();
    silent.close();
  });

  it('asks the system resolver when no server is named', () => {
    expect(txtResolverFor(loadConfig({}).DNS_SERVERS)).toBe(systemTxtResolver);
  });

  it('asks the named server for the TXT records, each as the strings DNS splits it into', async () => {
    const resolve = txtResolverFor(loadConfig({ DNS_SERVERS: at(dns) }).DNS_SERVERS);
    await expect(resolve('hospital.test')).resolves.toEqual([['clinicflow-verification=token-1'], ['v=spf1 ', '-all']]);
    expect(asked.at(-1)).toMatchObject({ name: 'hospital.test', type: 'TXT' });
  });

  it('rejects a name the server does not know', async () => {
    const resolve = txtResolverFor([at(dns)]);
    await expect(resolve('elsewhere.test')).rejects.toMatchObject({ code: 'ENOTFOUND' });
    expect(asked.at(-1)).toMatchObject({ name: 'elsewhere.test', type: 'TXT' });
  });

  it('asks the next server when the first is silent, within the lookup deadline', async () => {
    const resolve = txtResolverFor([at(silent), at(dns)]);
    const started = Date.now();
    await expect(resolve('hospital.test')).resolves.toEqual([['clinicflow-verification=token-1'], ['v=spf1 ', '-all']]);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('accepts every form the setting takes', () => {
    const { DNS_SERVERS } = loadConfig({ DNS_SERVERS: '10.0.0.53,10.0.0.54:5353,fd00::53,[fd00::54],[fd00::55]:53' });
    expect(() => txtResolverFor(DNS_SERVERS)).not.toThrow();
  });
});
