import { describe, expect, it } from 'vitest';
import {
  createFailedMessage,
  datacenterBodySchema,
  deleteFailedMessage,
  loadFailedMessage,
  notFoundMessage,
  roomBodySchema,
  serverUpdateBodySchema,
  updateFailedMessage,
} from './devices.js';

const message = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : result.error!.issues[0]!.message;

describe('write bodies', () => {
  it('trim names and treat a missing parent as none', () => {
    expect(datacenterBodySchema.parse({ name: ' A ', location: ' B ' })).toEqual({
      name: 'A',
      location: 'B',
    });
    expect(roomBodySchema.parse({ name: 'Hall' })).toEqual({ name: 'Hall', datacenterId: null });
    expect(roomBodySchema.parse({ name: 'Hall', datacenterId: 3 })).toEqual({
      name: 'Hall',
      datacenterId: 3,
    });
  });

  it('answer the SPEC messages', () => {
    expect(message(datacenterBodySchema.safeParse({ name: 'A' }))).toBe(
      'Name and location are required.',
    );
    expect(message(roomBodySchema.safeParse({ name: '  ' }))).toBe('Room name is required.');
    expect(message(roomBodySchema.safeParse({ name: 'x'.repeat(256) }))).toBe(
      'Room name must be at most 255 characters.',
    );
  });

  it('read a server update as a move or an edit', () => {
    expect(serverUpdateBodySchema.parse({ rackId: 4 })).toEqual({ serverName: null, rackId: 4 });
    expect(serverUpdateBodySchema.parse({ rackId: null })).toEqual({
      serverName: null,
      rackId: null,
    });
    expect(serverUpdateBodySchema.parse({ serverName: ' web ' })).toEqual({
      serverName: 'web',
      rackId: null,
    });
    expect(serverUpdateBodySchema.parse({ serverName: 'web', rackId: 2 })).toEqual({
      serverName: 'web',
      rackId: 2,
    });
    expect(message(serverUpdateBodySchema.safeParse({}))).toBe('Server name is required.');
    expect(message(serverUpdateBodySchema.safeParse({ serverName: '' }))).toBe(
      'Server name is required.',
    );
    expect(message(serverUpdateBodySchema.safeParse({ rackId: '2' }))).toBe(
      'rackId must be a whole number or null.',
    );
  });
});

describe('SPEC §8 messages', () => {
  it('name the call and the status', () => {
    expect(loadFailedMessage('racks', 500)).toBe('Failed to fetch racks: 500');
    expect(createFailedMessage('datacenter', 409)).toBe('Failed to create datacenter: 409');
    expect(updateFailedMessage('server', 404)).toBe('Failed to update server: 404');
    expect(deleteFailedMessage('room', 500)).toBe('Failed to delete room: 500');
    expect(notFoundMessage('datacenter')).toBe('Datacenter not found.');
  });
});
