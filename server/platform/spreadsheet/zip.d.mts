import type { Readable } from 'node:stream';

export interface ZipLimits {
  /** How many entries (files and folders) the zip may list. */
  maxEntries?: number;
  /** How many bytes one entry may unpack to. */
  maxEntryBytes?: number;
  /** How many bytes all entries together may unpack to. */
  maxTotalBytes?: number;
}

export declare const defaultZipLimits: Readonly<Required<ZipLimits>>;

export declare class ZipLimitError extends Error {
  readonly code: 'zip_too_large';
}
export declare class ZipFormatError extends Error {
  readonly code: 'zip_unreadable';
}

export interface OpenZip {
  /** The files of the zip (folders left out), in the central directory's order. */
  readonly names: string[];
  has(name: string): boolean;
  /** The size the entry declares once unpacked. */
  size(name: string): number | undefined;
  /** One entry's bytes as a stream that fails past its declared size or a limit. */
  stream(name: string): Promise<Readable>;
  read(name: string): Promise<Buffer>;
  close(): void;
}

export declare function openZip(bytes: Buffer, limits?: ZipLimits): Promise<OpenZip>;
export declare function readZip(
  bytes: Buffer,
  limits?: ZipLimits & { only?: (name: string) => boolean },
): Promise<Array<{ name: string; bytes: Buffer }>>;
export declare function isZip(bytes: Uint8Array): boolean;
