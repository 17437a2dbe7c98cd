import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyReply } from 'fastify';
import { notFound } from '../../errors';

/**
 * Call recordings: the record sink writes them as `{DATA_DIR}/recordings/{corpId}/{yyyymmdd}/{uniqueid}.wav`
 * (server/records). A row's file is sent only when its name has exactly that shape and lies in the
 * row's own corp folder, so nothing a PBX wrote into the column can lead elsewhere.
 */
const RECORDING_NAME = /^(\d+)\/\d{8}\/[\w.-]+\.wav$/;

export function recordingsRoot(dataDir: string): string | null {
  return dataDir === ':memory:' ? null : path.join(path.resolve(dataDir), 'recordings');
}

export async function sendRecording(reply: FastifyReply, root: string | null, corpId: number, name: string): Promise<FastifyReply> {
  const match = RECORDING_NAME.exec(name);
  if (!root || !match || Number(match[1]) !== corpId || name.split('/').includes('..')) throw notFound();
  const file = path.join(root, ...name.split('/'));
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) throw notFound();
  return reply
    .header('content-type', 'audio/wav')
    .header('content-length', info.size)
    .header('content-disposition', `inline; filename="${path.basename(file)}"`)
    .header('cache-control', 'private, max-age=0, must-revalidate')
    .header('x-content-type-options', 'nosniff')
    .send(createReadStream(file));
}
