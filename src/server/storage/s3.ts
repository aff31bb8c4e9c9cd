import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  type GetObjectCommandOutput,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { AppError } from '../errors';
import { KIND_INFO, sniff, type FileKind } from './sniff';
import {
  checkedWrites,
  createStorage,
  isUploadFolder,
  newName,
  resolveRange,
  stored,
  storedName,
  type Storage,
  type StoredFile,
  type UploadFolder,
} from './index';

export interface S3Config {
  bucket: string;
  endpoint: string | null;
  region: string;
  accessKeyId: string | null;
  secretAccessKey: string | null;
  forcePathStyle: boolean;
}

/** Objects live under this prefix, so keys read like the stored URLs (`uploads/{folder}/{name}`). */
const PREFIX = 'uploads/';
const keyOf = (folder: UploadFolder, name: string) => `${PREFIX}${folder}/${name}`;

/** Above this size a file goes up in parts (lib-storage); below it one PutObject is one request. */
const PART_SIZE = 8 * 1024 * 1024;

export const STORAGE_UNAVAILABLE_MSG = 'No se pudo guardar el archivo en el almacenamiento. Inténtalo de nuevo en unos minutos.';

/** A bucket that does not answer or refuses a write: 503 with a Spanish message, nothing saved. */
const unavailable = () => new AppError(503, 'STORAGE_UNAVAILABLE', STORAGE_UNAVAILABLE_MSG);

function isMissing(err: unknown): boolean {
  if (err instanceof S3ServiceException) return err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata?.httpStatusCode === 404;
  return false;
}

export function createS3Client(cfg: S3Config): S3Client {
  return new S3Client({
    region: cfg.region,
    ...(cfg.endpoint ? { endpoint: cfg.endpoint } : {}),
    forcePathStyle: cfg.forcePathStyle,
    ...(cfg.accessKeyId && cfg.secretAccessKey ? { credentials: { accessKeyId: cfg.accessKeyId, secretAccessKey: cfg.secretAccessKey } } : {}),
    // Many S3-compatible servers (MinIO's older releases, s3rver, Ceph) reject or mis-check the
    // CRC32 checksums recent SDKs add to every request by default.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/** Uploads and derived files in one S3-compatible bucket (S3_BUCKET set): every host sees the same files. */
export function createS3Storage(cfg: S3Config, client: S3Client = createS3Client(cfg)): Storage {
  const Bucket = cfg.bucket;

  async function writeNamed(folder: UploadFolder, name: string, data: Buffer, mime: string) {
    const params = {
      Bucket,
      Key: keyOf(folder, name),
      Body: data,
      ContentType: mime,
      CacheControl: 'public, max-age=31536000, immutable',
    };
    try {
      if (data.length <= PART_SIZE) await client.send(new PutObjectCommand(params));
      // Large files in parts; a failed part aborts the whole multipart upload (no stray parts).
      else await new Upload({ client, params, partSize: PART_SIZE, queueSize: 2, leavePartsOnError: false }).done();
    } catch (err) {
      // A write that failed half-way may still have landed (a lost answer): remove it, best effort.
      await client.send(new DeleteObjectCommand({ Bucket, Key: params.Key })).catch(() => undefined);
      if (err instanceof AppError) throw err;
      throw Object.assign(unavailable(), { cause: err });
    }
  }
  async function write(folder: UploadFolder, data: Buffer, kind: FileKind): Promise<StoredFile> {
    const name = newName(data, kind);
    await writeNamed(folder, name, data, KIND_INFO[kind].mime);
    return stored(folder, name, kind, data.length);
  }
  async function get(folder: UploadFolder, name: string, Range?: string): Promise<GetObjectCommandOutput | null> {
    try {
      return await client.send(new GetObjectCommand({ Bucket, Key: keyOf(folder, name), ...(Range ? { Range } : {}) }));
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async function size(folder: UploadFolder, nameOrUrl: string | null | undefined): Promise<number | null> {
    const name = storedName(nameOrUrl);
    if (!name) return null;
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket, Key: keyOf(folder, name) }));
      return head.ContentLength ?? null;
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  return {
    kind: 's3',
    ...checkedWrites(write),
    async read(folder, nameOrUrl) {
      const name = storedName(nameOrUrl);
      if (!name) return null;
      const res = await get(folder, name);
      return res?.Body ? Buffer.from(await res.Body.transformToByteArray()) : null;
    },
    size,
    async open(folder, name, range) {
      if (!storedName(name)) return null;
      // The bucket cuts the range itself (one request, only those bytes cross the network); the
      // range is re-written from its parsed form, so nothing the client sent reaches S3 as is. A
      // suffix range (the last n bytes) is turned into start-end first: some S3-compatible servers
      // (s3rver) read `bytes=-n` as `bytes=0-n`.
      let asked = range;
      if (asked && 'suffix' in asked) {
        const total = await size(folder, name);
        if (total === null) return null;
        const r = resolveRange(asked, total);
        if (!r) return 'unsatisfiable';
        asked = r;
      }
      const header = asked && !('suffix' in asked) ? `bytes=${asked.start}-${asked.end ?? ''}` : undefined;
      let res: GetObjectCommandOutput | null;
      try {
        res = await get(folder, name, header);
      } catch (err) {
        if (err instanceof S3ServiceException && (err.name === 'InvalidRange' || err.$metadata?.httpStatusCode === 416)) return 'unsatisfiable';
        throw err;
      }
      if (!res?.Body) return null;
      const body = res.Body as Readable;
      const m = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(res.ContentRange ?? '');
      if (m) return { body, size: Number(m[3]), range: { start: Number(m[1]), end: Number(m[2]) } };
      return { body, size: res.ContentLength ?? 0, range: null };
    },
    async remove(folder, nameOrUrl) {
      const name = storedName(nameOrUrl);
      if (name) await client.send(new DeleteObjectCommand({ Bucket, Key: keyOf(folder, name) }));
    },
    async list() {
      const out: { folder: UploadFolder; name: string }[] = [];
      let ContinuationToken: string | undefined;
      // Bounded by the bucket's size: each page is at most 1000 keys and the token ends the loop.
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: PREFIX, ContinuationToken }));
        for (const o of page.Contents ?? []) {
          const [folder, name, ...rest] = (o.Key ?? '').slice(PREFIX.length).split('/');
          if (folder && name && !rest.length && isUploadFolder(folder) && storedName(name) === name) out.push({ folder, name });
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return out;
    },
    async restore(folder, name, data) {
      if (storedName(name) !== name) throw new Error(`restore: ${name} is not a stored file name`);
      const kind = sniff(data);
      await writeNamed(folder, name, data, kind ? KIND_INFO[kind].mime : 'application/octet-stream');
    },
  };
}

/** The storage a configuration asks for: the bucket when S3_BUCKET is set, else this host's disk. */
export function storageFor(config: { s3: S3Config | null; uploadsDir: string }): Storage {
  return config.s3 ? createS3Storage(config.s3) : createStorage(config.uploadsDir);
}
