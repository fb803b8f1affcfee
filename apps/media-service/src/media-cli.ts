import 'reflect-metadata';
import { mediaBucketName } from '@kartlink/contracts';
import {
  createLogger,
  loadServiceConfig,
  natsConnectionOptions,
  natsCredentials,
  NatsBlobStore,
  NatsRequester,
} from '@kartlink/server-kit';
import { connect } from 'nats';
import { DataSource } from 'typeorm';
import { configSchema, type MediaConfig } from './config';
import { dataSourceOptions } from './database';
import { backupImages, restoreImages } from './backups/image-archive';
import { ImageSweepRepository } from './sweep/image-sweep.repository';
import { ImageSweepService, type SweepReport } from './sweep/image-sweep.service';

const USAGE = `Operator commands of media-service, run with the service's own environment
(kubectl exec deploy/media-service -- node apps/media-service/dist/media-cli.js …).

  sweep-images [--dry-run]
      deletes the images nothing has named for longer than IMAGE_SWEEP_GRACE_MS (blobs and
      rows), as the scheduled sweep does; --dry-run lists them and deletes nothing
  backup-images [file]
      writes every blob of the image bucket, with a manifest, as a tar archive to the file
      (default: standard output)
  restore-images [file]
      writes the blobs of such an archive (default: standard input) into the bucket, creating
      it; blobs already there with the same digest are left alone`;

/** Runs the command; answers what to print, or throws a message for people. */
async function runMediaCommand(args: string[], config: MediaConfig): Promise<string> {
  const [command, ...options] = args;
  // Logs go to standard error: standard output may be the archive.
  const logger = createLogger('media', config.LOG_LEVEL, process.stderr);
  const connection = await connect(
    natsConnectionOptions(config.NATS_URL, 'media-cli', natsCredentials(config)),
  );
  try {
    const blobs = () =>
      NatsBlobStore.open(connection, mediaBucketName(config.NATS_SUBJECT_PREFIX), {
        replicas: config.JETSTREAM_REPLICAS,
      });
    if (command === 'backup-images' && options.length <= 1)
      return describeArchive('Backed up', await backupImages(await blobs(), options[0]));
    if (command === 'restore-images' && options.length <= 1)
      return describeArchive('Restored', await restoreImages(await blobs(), options[0]));
    if (command === 'sweep-images' && options.every((option) => option === '--dry-run'))
      return describeSweep(await sweep(config, await blobs(), logger, options.length > 0));
    throw new Error(USAGE);
  } finally {
    await connection.close();
  }
}

async function sweep(
  config: MediaConfig,
  blobs: NatsBlobStore,
  logger: ReturnType<typeof createLogger>,
  dryRun: boolean,
): Promise<SweepReport> {
  const dataSource = new DataSource(dataSourceOptions(config));
  await dataSource.initialize();
  const services = NatsRequester.connect({
    url: config.NATS_URL,
    name: 'media-cli-requests',
    credentials: natsCredentials(config),
    subjectPrefix: config.NATS_SUBJECT_PREFIX,
    timeoutMs: config.SERVICE_TIMEOUT_MS,
    logger,
  });
  try {
    const sweeper = new ImageSweepService(
      new ImageSweepRepository(dataSource),
      blobs,
      services,
      logger,
    );
    return await sweeper.sweep({ dryRun, graceMs: config.IMAGE_SWEEP_GRACE_MS });
  } finally {
    await services.close();
    await dataSource.destroy();
  }
}

function describeSweep(report: SweepReport): string {
  const verb = report.dryRun ? 'Would delete' : 'Deleted';
  return [
    `${report.dryRun ? 'Dry run: nothing deleted. ' : ''}Checked ${report.checked} image(s) older ` +
      `than ${report.graceMs} ms: ${report.referenced} referenced, ` +
      `${report.newlyUnreferenced} found unreferenced for the first time.`,
    `${verb} ${report.swept.length} image(s), ${report.bytes} bytes.`,
    ...report.swept.map((image) => `  ${image.id} ${image.kind} ${image.bytes} bytes`),
  ].join('\n');
}

const describeArchive = (verb: string, done: { blobs: number; bytes: number }) =>
  `${verb} ${done.blobs} blob(s), ${done.bytes} bytes.`;

async function main() {
  try {
    const config = loadServiceConfig('media-service', configSchema);
    const args = process.argv.slice(2);
    const text = await runMediaCommand(args, config);
    // When standard output carries the archive, the summary goes to standard error.
    if (args[0] === 'backup-images' && args.length === 1) console.error(text);
    else console.log(text);
  } catch (err) {
    console.error((err as Error).message);
    process.exitCode = 1;
  }
}

if (require.main === module) void main();
