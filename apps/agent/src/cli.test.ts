import { describe, expect, it } from 'vitest';
import { parseCommandLine } from './cli.js';

describe('parseCommandLine', () => {
  it('reads the installer command the web app builds', () => {
    expect(
      parseCommandLine([
        '--create-with-app-token',
        'brz_abc',
        '--create-with-server-name',
        'brave otter 7',
      ]),
    ).toEqual({
      kind: 'install',
      appToken: 'brz_abc',
      serverName: 'brave otter 7',
      apiUrl: undefined,
      configDir: undefined,
      noService: false,
      rack: undefined,
    });
  });

  it('reads the installer options and the service command', () => {
    expect(
      parseCommandLine([
        '--create-with-app-token=t',
        '--create-with-server-name=n',
        '--api-url',
        'https://brezza.example',
        '--config-dir',
        '/tmp/x',
        '--no-service',
        '--rack',
        'DC / Hall / R1',
      ]),
    ).toMatchObject({
      apiUrl: 'https://brezza.example',
      configDir: '/tmp/x',
      noService: true,
      rack: 'DC / Hall / R1',
    });
    expect(parseCommandLine(['run', '--interval', '2', '--config-dir', '/c'])).toEqual({
      kind: 'run',
      configDir: '/c',
      intervalSeconds: 2,
      hostRoot: '/',
    });
    expect(parseCommandLine(['--version'])).toEqual({ kind: 'version' });
    expect(parseCommandLine(['-h'])).toEqual({ kind: 'help' });
  });

  it.each([
    [[], /Nothing to do/],
    [['--create-with-server-name', 'n'], /--create-with-app-token/],
    [['--create-with-app-token', 't'], /--create-with-server-name/],
    [['--create-with-app-token', ' ', '--create-with-server-name', 'n'], /--create-with-app-token/],
    [['--bogus'], /bogus/],
    [['run', '--interval', '0'], /--interval/],
    [['run', '--interval', '1.5'], /--interval/],
    [['run', '--no-service'], /installer/],
    [['--create-with-app-token', 't', '--create-with-server-name', 'n', '--interval', '5'], /run/],
    [['start'], /Unexpected argument/],
  ])('refuses %j', (argv, message) => {
    const command = parseCommandLine(argv);
    expect(command.kind).toBe('usage-error');
    expect(command.kind === 'usage-error' && command.message).toMatch(message);
  });

  it('reads the simulator commands', () => {
    expect(parseCommandLine(['simulate', 'pcdu', '--port', '1502'])).toEqual({
      kind: 'simulate',
      device: 'pcdu',
      host: '127.0.0.1',
      port: 1502,
      controlPort: undefined,
      loadKw: undefined,
      profile: undefined,
      community: undefined,
    });
    expect(
      parseCommandLine([
        ...['simulate', 'pdu', '--port', '1161', '--profile', 'raritan-pdu2'],
        ...['--load-kw', '7.5', '--control-port', '9000', '--community', 'ro'],
      ]),
    ).toMatchObject({ device: 'pdu', loadKw: 7.5, controlPort: 9000, profile: 'raritan-pdu2' });
  });

  it.each([
    [['simulate'], /pcdu or pdu/],
    [['simulate', 'ups', '--port', '1'], /pcdu or pdu/],
    [['simulate', 'pcdu'], /--port <n> is required/],
    [['simulate', 'pcdu', '--port', '70000'], /port number/],
    [['simulate', 'pcdu', '--port', '1502', '--load-kw', '3'], /does not apply/],
    [['simulate', 'pdu', '--port', '1161', '--profile', 'x'], /apc-rpdu2, raritan-pdu2/],
    [['simulate', 'pcdu', '--port', '1502', '--heat-load-kw=-1'], /kW/],
  ])('refuses %j', (argv, message) => {
    const command = parseCommandLine(argv);
    expect(command.kind === 'usage-error' && command.message).toMatch(message);
  });
});
