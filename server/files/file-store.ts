import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../errors';

/**
 * A stored file's name: an optional sub-folder of the corp's folder (a hold music class) and a random
 * id with an extension, never anything a user typed.
 */
const STORED_NAME = /^(?:[a-z0-9-]{1,40}\/)?[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.[a-z0-9]{1,5}$/;
const FOLDER = /^[a-z0-9-]{1,40}$/;

const MIME: Record<string, string> = { wav: 'audio/wav', mp3: 'audio/mpeg', ogg: 'audio/ogg', gsm: 'audio/x-gsm', png: 'image/png', jpg: 'image/jpeg' };

/**
 * The files rows refer to (sounds of media servers, IVRs, queues ...), under `{root}/{corpId}/`: names
 * are generated here, so no path ever comes from user input, and a corp's folder holds only its files.
 * The row that names a file is the only way to it (the API finds the row through the tenant-scoped
 * accessor first), so another corp's file is never reachable.
 */
export class FileStore {
  constructor(readonly root: string) {}

  private pathOf(corpId: number, name: string): string {
    if (!Number.isInteger(corpId) || corpId < 0 || !STORED_NAME.test(name)) throw notFound();
    return path.join(this.root, String(corpId), name);
  }

  /** Writes a new file for a corp (in one of its sub-folders) and returns its stored name. */
  async save(corpId: number, bytes: Uint8Array, ext: string, folder?: string): Promise<string> {
    if (folder !== undefined && !FOLDER.test(folder)) throw new Error(`not a stored folder name: ${folder}`);
    const name = `${folder ? `${folder}/` : ''}${randomUUID()}.${ext.toLowerCase()}`;
    const file = this.pathOf(corpId, name);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, bytes);
    return name;
  }

  /** A stored file's bytes (a campaign's CSV of numbers); null when it is gone. */
  async read(corpId: number, name: string): Promise<Buffer | null> {
    return readFile(this.pathOf(corpId, name)).catch(() => null);
  }

  /** Removes a stored file; a missing file is fine (removed twice, or never written). */
  async remove(corpId: number, name: string | null | undefined): Promise<void> {
    if (!name || !STORED_NAME.test(name)) return;
    await rm(this.pathOf(corpId, name), { force: true });
  }

  /**
   * Sends a stored file with HTTP Range support (206 for `bytes=a-b`, 416 for a range past the end),
   * so players can seek and resume. `beforeSend` runs once the file is known to exist and before
   * the first byte goes out, so what it records is committed when the client has the answer.
   */
  async send(
    request: FastifyRequest,
    reply: FastifyReply,
    corpId: number,
    name: string,
    downloadName: string,
    beforeSend?: () => Promise<void>,
  ): Promise<FastifyReply> {
    const file = this.pathOf(corpId, name);
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) throw notFound();
    await beforeSend?.();
    const ext = name.slice(name.lastIndexOf('.') + 1);
    reply
      .header('accept-ranges', 'bytes')
      .header('content-type', MIME[ext] ?? 'application/octet-stream')
      .header('content-disposition', `inline; filename="${downloadName.replace(/[^A-Za-z0-9_.-]/g, '_')}"`)
      .header('cache-control', 'private, max-age=0, must-revalidate')
      .header('x-content-type-options', 'nosniff');
    const range = parseRange(request.headers.range, info.size);
    if (range === 'unsatisfiable') return reply.code(416).header('content-range', `bytes */${info.size}`).send();
    if (!range) return reply.header('content-length', info.size).send(createReadStream(file));
    return reply
      .code(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${info.size}`)
      .header('content-length', range.end - range.start + 1)
      .send(createReadStream(file, { start: range.start, end: range.end }));
  }
}

/** One `bytes=` range of a file of `size` bytes (the first, when several are asked); null for none or a malformed header. */
export function parseRange(header: string | undefined, size: number): { start: number; end: number } | 'unsatisfiable' | null {
  const match = header ? /^bytes=(\d*)-(\d*)(?:,.*)?$/.exec(header.trim()) : null;
  if (!match || (match[1] === '' && match[2] === '')) return null;
  let start: number;
  let end: number;
  if (match[1] === '') {
    // the last N bytes
    const suffix = Number(match[2]);
    if (suffix === 0) return 'unsatisfiable';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}
