import { describe, expect, it } from 'vitest';
import { deviceTypeText, devicesTotalText, itemCountText } from './counts';

describe('count texts', () => {
  it('says 1 item and N items', () => {
    expect(itemCountText(0)).toBe('0 items');
    expect(itemCountText(1)).toBe('1 item');
    expect(itemCountText(12)).toBe('12 items');
  });

  it('writes the table total as the SPEC does', () => {
    expect(devicesTotalText(1)).toBe('1 device(s) total');
    expect(devicesTotalText(10000)).toBe('10000 device(s) total');
  });

  it("shows 'Server' for a device without a type", () => {
    expect(deviceTypeText({ deviceType: 'server', deviceTypeId: null })).toBe('Server');
  });

  it("shows 'pCDU' and 'PDU' for equipment", () => {
    expect(deviceTypeText({ deviceType: 'pcdu', deviceTypeId: null })).toBe('pCDU');
    expect(deviceTypeText({ deviceType: 'pdu', deviceTypeId: null })).toBe('PDU');
  });
});
