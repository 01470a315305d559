// The parts of net-snmp and asn1-ber the agent uses; neither package ships type declarations.

declare module 'net-snmp' {
  export interface Varbind {
    oid: string;
    type: number;
    value: unknown;
  }
  export interface Session {
    get(oids: string[], callback: (error: Error | null, varbinds: Varbind[]) => void): void;
    subtree(
      oid: string,
      maxRepetitions: number,
      feed: (varbinds: Varbind[]) => boolean | void,
      done: (error: Error | null) => void,
    ): void;
    close(): void;
    on(event: 'error', listener: (error: Error) => void): void;
  }
  export interface SessionOptions {
    port?: number;
    version?: number;
    timeout?: number;
    retries?: number;
    transport?: string;
  }
  export interface User {
    name: string;
    level: number;
    authProtocol?: number;
    authKey?: string;
    privProtocol?: number;
    privKey?: string;
  }
  const snmp: {
    Version1: number;
    Version2c: number;
    Version3: number;
    SecurityLevel: { noAuthNoPriv: number; authNoPriv: number; authPriv: number };
    AuthProtocols: Record<'md5' | 'sha' | 'sha224' | 'sha256' | 'sha384' | 'sha512', number>;
    PrivProtocols: Record<'des' | 'aes' | 'aes256b' | 'aes256r', number>;
    ObjectType: Record<string, number>;
    createSession(target: string, community: string, options?: SessionOptions): Session;
    createV3Session(target: string, user: User, options?: SessionOptions): Session;
    isVarbindError(varbind: Varbind): boolean;
    varbindError(varbind: Varbind): string;
  };
  export default snmp;
}

declare module 'asn1-ber' {
  export class BerReader {
    constructor(buffer: Buffer);
    readonly offset: number;
    readonly remain: number;
    peek(): number | null;
    readSequence(tag?: number): number | null;
    readInt(tag?: number): number;
    readString(tag: number, asBuffer: true): Buffer;
    readString(tag?: number): string;
    readOID(tag?: number): string;
  }
  export class BerWriter {
    readonly buffer: Buffer;
    startSequence(tag?: number): void;
    endSequence(): void;
    writeInt(value: number, tag?: number): void;
    writeNull(): void;
    writeString(value: string, tag?: number): void;
    writeBuffer(value: Buffer, tag: number): void;
    writeOID(oid: string, tag?: number): void;
  }
  const asn1: { Ber: { Reader: typeof BerReader; Writer: typeof BerWriter } };
  export default asn1;
}
