import { Subjects } from '@kartlink/contracts';
import type { BlobStore, Logger, NatsRequester } from '@kartlink/server-kit';
import type { ImageSweepRepository, SweepCandidate, SweptImage } from './image-sweep.repository';
import { ImageSweepService } from './image-sweep.service';

const A = '0b9c1f3e-8a4d-4f5e-9c2b-7d1e6a5f4c3a';
const B = '0b9c1f3e-8a4d-4f5e-9c2b-7d1e6a5f4c3b';
const C = '0b9c1f3e-8a4d-4f5e-9c2b-7d1e6a5f4c3c';

/** A sweep over `images`, with shop-service and auth-service naming `shop` and `auth`. */
function sweeper(images: SweepCandidate[], named: { shop: string[]; auth: string[] | Error }) {
  const deleted: string[] = [];
  const droppedBlobs: string[] = [];
  const marked: string[] = [];
  const unmarked: string[] = [];
  const due = (ids: string[]): SweptImage[] =>
    ids.map((id) => ({ id, kind: 'product', bytes: '1000' as unknown as number }));
  const repository = {
    candidates: jest.fn(async (after: string) => images.filter((image) => image.id > after)),
    mark: jest.fn(async (ids: string[]) => void marked.push(...ids)),
    unmark: jest.fn(async (ids: string[]) => void unmarked.push(...ids)),
    due: jest.fn(async (ids: string[]) => due(ids)),
    deleteDue: jest.fn(
      async (ids: string[], _grace: number, drop: (images: SweptImage[]) => Promise<void>) => {
        await drop(due(ids));
        deleted.push(...ids);
        return due(ids);
      },
    ),
  } as unknown as ImageSweepRepository;
  const blobs = {
    delete: jest.fn(async (key: string) => void droppedBlobs.push(key)),
  } as unknown as BlobStore;
  const services = {
    request: jest.fn(async (subject: string) => {
      const answer = subject === Subjects.shop.referencedImages ? named.shop : named.auth;
      if (answer instanceof Error) throw answer;
      return { referenced: answer };
    }),
  } as unknown as NatsRequester;
  const logger = { info: jest.fn(), warn: jest.fn() } as unknown as Logger;
  const service = new ImageSweepService(repository, blobs, services, logger);
  return { service, deleted, droppedBlobs, marked, unmarked, repository };
}

describe('ImageSweepService', () => {
  it('deletes, blobs of every size first, only images seen unreferenced before and named by no service', async () => {
    const images = [
      { id: A, marked: true },
      { id: B, marked: true },
      { id: C, marked: false },
    ];
    const run = sweeper(images, { shop: [B], auth: [] });
    const report = await run.service.sweep({ dryRun: false, graceMs: 1000 });
    expect(run.deleted).toEqual([A]);
    expect(run.droppedBlobs).toEqual(
      expect.arrayContaining([`images/${A}/primary`, `images/${A}/card`]),
    );
    expect(run.droppedBlobs).toHaveLength(6);
    expect(run.unmarked).toEqual([B]);
    expect(run.marked).toEqual([C]);
    expect(report).toMatchObject({ checked: 3, referenced: 1, newlyUnreferenced: 1, bytes: 1000 });
    expect(report.swept.map((image) => image.id)).toEqual([A]);
  });

  it('keeps a profile photo auth-service names', async () => {
    const run = sweeper([{ id: A, marked: true }], { shop: [], auth: [A] });
    await run.service.sweep({ dryRun: false, graceMs: 1000 });
    expect(run.deleted).toEqual([]);
  });

  it('deletes nothing when a service does not answer', async () => {
    const run = sweeper([{ id: A, marked: true }], { shop: [], auth: new Error('timed out') });
    await expect(run.service.sweep({ dryRun: false, graceMs: 1000 })).rejects.toThrow('timed out');
    expect(run.deleted).toEqual([]);
    expect(run.droppedBlobs).toEqual([]);
  });

  it('in a dry run reports what it would delete and deletes nothing', async () => {
    const run = sweeper([{ id: A, marked: true }], { shop: [], auth: [] });
    const report = await run.service.sweep({ dryRun: true, graceMs: 1000 });
    expect(report.swept.map((image) => image.id)).toEqual([A]);
    expect(report.bytes).toBe(1000);
    expect(run.deleted).toEqual([]);
    expect(run.droppedBlobs).toEqual([]);
  });
});
