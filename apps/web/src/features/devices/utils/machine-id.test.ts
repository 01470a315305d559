import { describe, expect, it } from 'vitest';
import { displayMachineId, isMachineIdShortened } from './machine-id';

describe('displayMachineId', () => {
  it('shows up to 16 characters in full', () => {
    expect(displayMachineId('')).toBe('');
    expect(displayMachineId('0123456789abcdef')).toBe('0123456789abcdef');
    expect(isMachineIdShortened('0123456789abcdef')).toBe(false);
  });

  it('shows an ellipsis and the last 13 characters from 17 on', () => {
    expect(displayMachineId('0123456789abcdefg')).toBe('…456789abcdefg');
    expect(isMachineIdShortened('0123456789abcdefg')).toBe(true);
    const id = '4c4c4544004d3510804bb4c04f565931';
    expect(displayMachineId(id)).toBe(`…${id.slice(-13)}`);
  });
});
