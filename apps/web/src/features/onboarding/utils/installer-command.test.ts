// @vitest-environment node
import { execFileSync } from 'node:child_process';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { installerCommand, shellQuote } from './installer-command';

describe('installerCommand', () => {
  it('downloads from the static path, makes it executable and runs it with the two flags', () => {
    expect(
      installerCommand({
        origin: 'https://brezza.example.com/',
        token: 'brz_abc-DEF_123',
        serverName: 'brave-otter-7',
      }),
    ).toBe(
      'curl -fsSL https://brezza.example.com/static/brezza-agent -o brezza-agent && ' +
        'chmod +x brezza-agent && ' +
        'sudo ./brezza-agent --create-with-app-token brz_abc-DEF_123 --create-with-server-name brave-otter-7',
    );
  });

  it('adds --rack only when a rack is chosen, quoted for the shell', () => {
    const command = installerCommand({
      origin: 'http://x',
      token: 't',
      serverName: 'n',
      rack: 'Milan North / Hall A / A-01',
    });
    expect(
      command.endsWith(` --create-with-server-name n --rack='Milan North / Hall A / A-01'`),
    ).toBe(true);
    expect(
      installerCommand({ origin: 'http://x', token: 't', serverName: 'n', rack: '42' }),
    ).toMatch(/ --rack=42$/);
  });

  it('quotes a name a shell would otherwise split or expand', () => {
    const command = installerCommand({
      origin: 'http://localhost:3000',
      token: 't',
      serverName: `Bob's rack $(rm -rf /) *`,
    });
    expect(command.endsWith(`--create-with-server-name 'Bob'\\''s rack $(rm -rf /) *'`)).toBe(true);
    expect(installerCommand({ origin: 'http://x', token: 't', serverName: '-v' })).toContain(
      '--create-with-server-name=-v',
    );
  });
});

describe('shellQuote', () => {
  it('hands any text to the program unchanged through a real shell', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme', minLength: 1 }).filter((value) => !value.includes('\u0000')),
        (value) => {
          const echoed = execFileSync('sh', ['-c', `printf '%s' ${shellQuote(value)}`], {
            encoding: 'utf8',
          });
          expect(echoed).toBe(value);
        },
      ),
      { numRuns: 60 },
    );
  });
});
