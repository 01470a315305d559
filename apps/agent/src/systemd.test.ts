import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EXIT } from './errors.js';
import { systemdQuote, unitFile } from './systemd.js';

/** How systemd reads one double-quoted word of ExecStart (escapes, then specifiers). */
function systemdUnquote(word: string): string {
  return word
    .slice(1, -1)
    .replace(/\\(.)|%%/g, (match, escaped: string | undefined) => escaped ?? '%');
}

describe('the systemd unit', () => {
  it('runs the installed agent with the config directory, quoted', () => {
    const unit = unitFile({
      executable: '/usr/local/bin/brezza-agent',
      configDir: '/root/.brezza',
    });
    expect(unit).toContain(
      'ExecStart="/usr/local/bin/brezza-agent" "run" "--config-dir" "/root/.brezza"',
    );
    expect(unit).toContain(
      `RestartPreventExitStatus=${EXIT.USAGE} ${EXIT.TOKEN_REJECTED} ${EXIT.CONFIG}`,
    );
    expect(unit).toContain('WantedBy=multi-user.target');
  });

  it('quotes any path so that systemd reads it back unchanged', () => {
    fc.assert(
      fc.property(
        fc.string().filter((value) => !/[\n\r]/.test(value)),
        (value) => {
          expect(systemdUnquote(systemdQuote(value))).toBe(value);
        },
      ),
    );
    expect(systemdQuote('/srv/my "dir" 100%')).toBe('"/srv/my \\"dir\\" 100%%"');
  });
});
