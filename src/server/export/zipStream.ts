// A zip archive written as a stream (the container of an xlsx workbook): each entry is deflated as it comes and
// followed by a data descriptor with its CRC and sizes, so nothing is held in memory but the current chunk; the
// central directory closes the archive. Sizes stay below 4 GiB (no zip64), far above any report's.
import { once } from 'node:events';
import { constants, crc32, createDeflateRaw } from 'node:zlib';

// Level 3: a report's XML deflates about 3.3x faster than at the default level 6, for a file about 12% larger.
const DEFLATE_LEVEL = 3;

interface Written {
  name: Buffer;
  crc: number;
  compressed: number;
  size: number;
  offset: number;
}

/** Writes entries one after another; `entry` takes the entry's content as an async iterable of chunks. */
export class ZipWriter {
  private offset = 0;
  private readonly entries: Written[] = [];

  private count(chunk: Buffer): Buffer {
    this.offset += chunk.length;
    return chunk;
  }

  async *entry(name: string, content: AsyncIterable<Buffer | string> | Iterable<Buffer | string>): AsyncGenerator<Buffer> {
    const fileName = Buffer.from(name, 'utf8');
    const offset = this.offset;
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4); // version needed
    header.writeUInt16LE(0x0808, 6); // sizes in the data descriptor; UTF-8 names
    header.writeUInt16LE(8, 8); // deflate
    header.writeUInt32LE(0x00210000, 10); // a fixed DOS time and date (1980-01-01)
    header.writeUInt16LE(fileName.length, 26);
    yield this.count(Buffer.concat([header, fileName]));

    const deflate = createDeflateRaw({ level: DEFLATE_LEVEL });
    const out: Buffer[] = [];
    deflate.on('data', (chunk: Buffer) => out.push(chunk));
    let crc = 0;
    let size = 0;
    let compressed = 0;
    const drain = () => {
      const chunk = Buffer.concat(out.splice(0));
      compressed += chunk.length;
      return this.count(chunk);
    };
    for await (const piece of content) {
      const data = typeof piece === 'string' ? Buffer.from(piece, 'utf8') : piece;
      if (data.length === 0) continue;
      crc = crc32(data, crc);
      size += data.length;
      deflate.write(data);
      await new Promise<void>((resolve) => deflate.flush(constants.Z_SYNC_FLUSH, () => resolve()));
      const chunk = drain();
      if (chunk.length) yield chunk;
    }
    deflate.end();
    await once(deflate, 'end');
    const last = drain();
    if (last.length) yield last;

    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(0x08074b50, 0);
    descriptor.writeUInt32LE(crc, 4);
    descriptor.writeUInt32LE(compressed, 8);
    descriptor.writeUInt32LE(size, 12);
    yield this.count(descriptor);
    this.entries.push({ name: fileName, crc, compressed, size, offset });
  }

  /** The central directory and its end record. */
  finish(): Buffer {
    const start = this.offset;
    const records = this.entries.map((e) => {
      const r = Buffer.alloc(46);
      r.writeUInt32LE(0x02014b50, 0);
      r.writeUInt16LE(20, 4);
      r.writeUInt16LE(20, 6);
      r.writeUInt16LE(0x0808, 8);
      r.writeUInt16LE(8, 10);
      r.writeUInt32LE(0x00210000, 12);
      r.writeUInt32LE(e.crc, 16);
      r.writeUInt32LE(e.compressed, 20);
      r.writeUInt32LE(e.size, 24);
      r.writeUInt16LE(e.name.length, 28);
      r.writeUInt32LE(e.offset, 42);
      return Buffer.concat([r, e.name]);
    });
    const directory = Buffer.concat(records);
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(this.entries.length, 8);
    end.writeUInt16LE(this.entries.length, 10);
    end.writeUInt32LE(directory.length, 12);
    end.writeUInt32LE(start, 16);
    return this.count(Buffer.concat([directory, end]));
  }
}
